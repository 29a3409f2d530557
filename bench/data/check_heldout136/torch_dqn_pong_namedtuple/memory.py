
from collections import namedtuple
import random

Step = namedtuple('StepT',
                        ('state', 'action', 'next_state', 'reward'))

class ExperienceStore(object):
    def __init__(self, max_items):
        self.max_items = max_items
        self.items = []
        self.cursor = 0

    def add(self, *fields):
        if len(self.items) < self.max_items:
            self.items.append(None)
        self.items[self.cursor] = Step(*fields)
        self.cursor = (self.cursor + 1) % self.max_items

    def draw(self, n):
        return random.sample(self.items, n)

    def __len__(self):
        return len(self.items)


class WeightedExperienceStore(object):
    def __init__(self, max_items):
        pass
