"""One candidate network of the search."""
import random
import logging
from train import fit_and_score

class Candidate():
    """Holds one MLP configuration and its score.

    Only MLPs are supported.
    """

    def __init__(self, choices=None):
        """Set up an empty candidate.

        Args:
            choices (dict): the allowed values, e.g.:
                nb_neurons (list): [64, 128, 256]
                nb_layers (list): [1, 2, 3, 4]
                activation (list): ['relu', 'elu']
                optimizer (list): ['rmsprop', 'adam']
        """
        self.accuracy = 0.
        self.choices = choices
        self.spec = {}  # (dict): this candidate's MLP settings

    def randomize(self):
        """Draw random settings."""
        for k in self.choices:
            self.spec[k] = random.choice(self.choices[k])

    def assign(self, spec):
        """Use the given settings.

        Args:
            spec (dict): the settings

        """
        self.spec = spec

    def train(self, which):
        """Train once and keep the accuracy.

        Args:
            which (str): data set name.

        """
        if self.accuracy == 0.:
            self.accuracy = fit_and_score(self.spec, which)

    def report(self):
        """Log this candidate."""
        logging.info(self.spec)
        logging.info("Candidate accuracy: %.2f%%" % (self.accuracy * 100))
