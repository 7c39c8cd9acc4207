"""The server's routes, one module per concern, each over the shared request layer (:mod:`..http`):
:mod:`.tables` the public protocol of tables, :mod:`.pages` the browser client's pages and files."""
