from abc import ABC, abstractmethod
from tensorflow import keras


class NetBase(ABC):
    def __init__(self):
        self.input = None
        self.output = None
        self.build_layers()
        self.model = self.__wire_model()

    @property
    @abstractmethod
    def n_epochs(self):
        pass

    @property
    @abstractmethod
    def holdout_fraction(self):
        pass

    @abstractmethod
    def build_layers(self):
        pass

    def __wire_model(self):
        net = keras.models.Model(inputs=self.input, outputs=self.output)

        return net

    @abstractmethod
    def train_model(self, x_fit, y_fit):
        pass

    @abstractmethod
    def evaluate_on_data(self, x_score, y_score):
        pass

    @abstractmethod
    def save_model(self):
        pass

    @abstractmethod
    def load_model(self, which=0):
        pass

    @abstractmethod
    def summary(self):
        pass
