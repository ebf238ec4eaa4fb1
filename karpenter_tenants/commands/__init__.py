"""The command line behind `python main.py`."""
