// The seeded generator comes with the test support: a test that imports TestSupport draws its
// random runs from `SimRandom` without importing the simulator.
@_exported import Seeding
