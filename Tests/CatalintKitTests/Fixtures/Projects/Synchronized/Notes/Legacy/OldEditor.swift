// fixture class OldEditor: its code, one finding of each category, is written by fixtureProjects() (TestSupport.swift).
