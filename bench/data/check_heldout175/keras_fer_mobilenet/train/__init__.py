# training package of the project
