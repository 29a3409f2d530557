from __future__ import absolute_import

import torch

class RunningMeter(object):
    def __init__(self, label, **kwargs):
        self.name = str(label)
        self._options = kwargs
        self.reset()

    def __str__(self):
        return "RunningMeter: {}".format(dict(self.get_name_value()))

    def get_config(self):
        cfg = self._options.copy()
        cfg.update({
            'metric': self.__class__.__name__,
            'name': self.name})
        return cfg

    def update(self, preds, labels):
        raise NotImplementedError('subclasses implement update')

    def reset(self):
        self.count = 0
        self.total = 0.0

    def get(self):
        if self.count == 0:
            return (self.name, float('nan'))  # nothing counted yet
        else:
            return (self.name, self.total / self.count)

    def get_name_value(self):
        keys, vals = self.get()
        if not isinstance(keys, list):
            keys = [keys]
        if not isinstance(vals, list):
            vals = [vals]
        return list(zip(keys, vals))

class AccuracyMeter(RunningMeter):
    def __init__(self, axis=1, name='accuracy'):
        super(AccuracyMeter, self).__init__(name, axis=axis)
        self.class_axis = axis

    def update(self, preds, labels):
        for batch_scores, batch_labels in zip(preds, labels):
            top_score, top_class = torch.max(batch_scores, dim=1)

            n_right = (top_class == batch_labels).float().sum().detach().cpu().numpy()
            n_batch = len(batch_labels)

            self.total += n_right
            self.count += n_batch

