"""izvori-judge: a judge's rules reference, search and scenario engine for Izvori magije and Magic."""

__version__ = "0.1.0"
