class IllegalCommand(ValueError):
    """A command the rules do not allow now; the message says why, for players."""
