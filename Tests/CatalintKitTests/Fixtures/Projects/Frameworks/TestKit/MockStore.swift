// fixture class MockStore: its code, one finding of each category, is written by fixtureProjects() (TestSupport.swift).
