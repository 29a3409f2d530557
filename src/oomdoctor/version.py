"""oomdoctor's version, in one place below everything that prints it."""

__version__ = "0.1.0"
