"""The balance lab: batches of headless games, their statistics and a report (`python main.py lab`).

Only adapter.py touches the game; batching, statistics and the report work on GameRecord (records.py).
"""
