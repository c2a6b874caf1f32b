"""The battle screen's own esper world: view entities (bases, markers, tokens, path ghosts, shots and blows, rising
numbers, crosses, the dice tray) with view components, and the processors that make them from the match's typed
events, move them, follow them with the camera and draw them in elevation order (docs/architecture.md, "The
screen's world")."""
