from keras.engine import Input, Model
from keras.layers import Conv2D, SeparableConv2D, BatchNormalization, Activation

from base_model import BaseSuperResolutionModel


class DnCNN(BaseSuperResolutionModel):
    def __init__(self):
        super(DnCNN, self).__init__("DnCNN")

        self.width_filters = 64
        self.kernel = 3
        self.depth = 15

    def create_model(self, height=64, width=64, channels=1, batch_size=32):
        self.height = height
        self.width = width
        self.channels = channels

        inp = Input(shape=(height, width, channels))

        head = Conv2D(self.width_filters, [self.kernel, self.kernel], activation='relu', padding='same', use_bias=False)(inp)

        mid = SeparableConv2D(self.width_filters, [self.kernel, self.kernel], padding='same')(head)
        mid_bn = BatchNormalization()(mid)
        mid_act = Activation('relu')(mid_bn)

        residual = Conv2D(channels, [self.kernel, self.kernel], activation='linear', padding='same')(mid_act)

        net = Model(inp, residual)
        net.compile(optimizer='adam', loss='mean_squared_error')
        self.model = net

        return net

    def fit(self, batch_size=32, nb_epochs=1):
        return super(DnCNN, self).fit(batch_size, nb_epochs)

    def predict(self, image, stride=32):
        est_noise = super(DnCNN, self).predict(image, stride)
        cleaned = image - est_noise

        return cleaned

    def save_data(self, x_name, y_name):
        records = self.raw_data

        inputs = []
        targets = []

        for rec in records:
            inputs.append(rec[x_name])
            targets.append(rec[x_name] - rec[y_name])

        self.x_data = self.prepare_data(inputs)
        self.y_data = self.prepare_data(targets)
