from datetime import date
from base_model import NetBase
from keras.layers import Conv2D, MaxPool2D, Dense, ZeroPadding2D, Dropout, Flatten, Input
from keras.models import load_model


class PlainConvNet(NetBase):
    def __init__(self):
        self.layers = None
        self.saved_a = './saved/plain-14k-71p'
        self.saved_b = './saved/plain-18k-70p'
        self.saved_c = './saved/plain-21k-70p'
        super().__init__()

    def n_epochs(self):
        return 24

    def holdout_fraction(self):
        return 0.2

    def build_layers(self):
        self.input = Input((150, 150, 3))
        h = ZeroPadding2D((3, 3))(self.input)

        base_width = 128

        h = Conv2D(base_width, kernel_size=(7, 7), activation='relu', input_shape=(150, 150, 3))(h)
        h = Conv2D(base_width, kernel_size=(3, 3), activation='relu')(h)
        h = MaxPool2D(5, 5)(h)
        h = Conv2D(base_width, kernel_size=(3, 3), activation='relu')(h)
        h = Conv2D(base_width * 2, kernel_size=(3, 3), activation='relu')(h)
        h = Conv2D(base_width * 4, kernel_size=(3, 3), activation='relu')(h)
        h = MaxPool2D(5, 5)(h)
        h = Flatten()(h)
        h = Dense(256, activation='relu')(h)
        h = Dense(128, activation='relu')(h)
        h = Dense(64, activation='relu')(h)
        h = Dropout(rate=0.5)(h)

        self.output = Dense(6, activation='softmax')(h)

    def train_model(self, x_fit, y_fit):
        self.model.compile(optimizer='adam', loss='sparse_categorical_crossentropy', metrics=['accuracy'])

        print('network [plain]:')
        print(self.model)

        self.model.fit(x_fit, y_fit, epochs=self.n_epochs(), validation_split=self.holdout_fraction())

    def evaluate_on_data(self, x_score, y_score):
        _, acc = self.model.evaluate(x_score, y_score)

        print('held-out accuracy = {}'.format(acc))

    def save_model(self):
        stamp = date.today().strftime("%d-%m-%Y")
        out_name = 'saved/plain' + stamp
        self.model.save(out_name)

    def load_model(self, which=0):
        chosen = self.saved_a

        if which == 1:
            chosen = self.saved_b
        elif which == 2:
            chosen = self.saved_c

        self.model = load_model(chosen)

    def summary(self):
        self.model.summary()
