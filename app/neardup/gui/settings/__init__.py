"""The left pane's folders and scan settings, and the store that remembers them between runs."""
