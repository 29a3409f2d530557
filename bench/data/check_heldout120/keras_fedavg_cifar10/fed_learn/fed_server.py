from typing import Callable

import numpy as np
from keras import models

import fed_learn
from fed_learn.weight_summarizer import WeightSummarizer


class Server:
    def __init__(self, build_fn: Callable,
                 averager: WeightSummarizer,
                 nb_clients: int = 100,
                 client_fraction: float = 0.2):
        self.nb_clients = nb_clients
        self.client_fraction = client_fraction
        self.averager = averager

        # weights of the shared model at start
        self.build_fn = build_fn
        net = self.build_fn()
        self.global_test_metrics_dict = {k: [] for k in net.metrics_names}
        self.global_model_weights = net.get_weights()
        fed_learn.get_rid_of_the_models(net)

        self.global_train_losses = []
        self.epoch_losses = []

        self.clients = []
        self.client_model_weights = []

        # fit() arguments handed to the workers
        self.client_train_params_dict = {"batch_size": 32,
                                         "epochs": 5,
                                         "verbose": 1,
                                         "shuffle": True}

    def _fresh_global_net(self) -> models.Model:
        net = self.build_fn()
        fed_learn.models.set_model_weights(net, self.global_model_weights)
        return net

    def send_model(self, worker):
        worker.receive_and_init_model(self.build_fn, self.global_model_weights)

    def init_for_new_epoch(self):
        # drop last round's worker weights
        self.client_model_weights.clear()
        # drop last round's losses
        self.epoch_losses.clear()

    def receive_results(self, worker):
        w = worker.model.get_weights()
        self.client_model_weights.append(w)
        worker.reset_model()

    def create_clients(self):
        # one object per simulated worker
        for i in range(self.nb_clients):
            worker = fed_learn.Client(i)
            self.clients.append(worker)

    def summarize_weights(self):
        merged = self.averager.process(self.client_model_weights)
        self.global_model_weights = merged

    def get_client_train_param_dict(self):
        return self.client_train_params_dict

    def update_client_train_params(self, kwargs: dict):
        self.client_train_params_dict.update(kwargs)

    def test_global_model(self, x_test: np.ndarray, y_test: np.ndarray):
        net = self._fresh_global_net()
        scores = net.evaluate(x_test, y_test, batch_size=32, verbose=1)

        named = dict(zip(net.metrics_names, scores))
        for key, val in named.items():
            self.global_test_metrics_dict[key].append(val)

        fed_learn.get_rid_of_the_models(net)

        return named

    def select_clients(self):
        n_pick = max(int(self.nb_clients * self.client_fraction), 1)
        order = np.arange(self.nb_clients)
        np.random.shuffle(order)
        picked = order[:n_pick]
        return np.asarray(self.clients)[picked]

    def save_model_weights(self, path: str):
        net = self._fresh_global_net()
        net.save_weights(str(path), overwrite=True)
        fed_learn.get_rid_of_the_models(net)

    def load_model_weights(self, path: str, by_name: bool = False):
        net = self._fresh_global_net()
        net.load_weights(str(path), by_name=by_name)
        self.global_model_weights = net.get_weights()
        fed_learn.get_rid_of_the_models(net)
