// Placeholder until the feed integration tests land.
