from typing import Callable

from keras import models

import fed_learn


class Client:
    def __init__(self, id: int):
        self.id = id
        self.model: models.Model = None
        self.x_train = None
        self.y_train = None

    def _init_model(self, build_fn: Callable, weights):
        net = build_fn()
        fed_learn.set_model_weights(net, weights)
        self.model = net

    def receive_data(self, x, y):
        self.x_train = x
        self.y_train = y

    def receive_and_init_model(self, build_fn: Callable, weights):
        self._init_model(build_fn, weights)

    def edge_train(self, fit_kwargs: dict):
        if self.model is None:
            raise ValueError("worker {0} has no model yet".format(self.id))

        fit_hist = self.model.fit(self.x_train, self.y_train, **fit_kwargs)
        return fit_hist

    def reset_model(self):
        fed_learn.get_rid_of_the_models(self.model)
