# marks the datasets folder as a package
