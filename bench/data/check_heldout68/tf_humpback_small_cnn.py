import numpy as np
import pandas as pd
from glob import glob
from PIL import Image
from sklearn.preprocessing import StandardScaler, OneHotEncoder, LabelEncoder
from os.path import split
import keras
from keras.models import Sequential
from keras.layers import Dense, Dropout, Flatten
from keras.layers import Conv2D, MaxPooling2D
#from keras import backend as K
from keras.preprocessing.image import ImageDataGenerator


labels_df = pd.read_csv('../IO/cropped.csv', sep=';')

# cropped training tails and the unlabeled test tails
train_files = glob('data/output_crp/*jpg')
test_files = glob('data/test/*jpg')


# side length after downscaling
SIDE = 64


# open one file as a small grey array
def load_small(fpath):
    # read
    pic = Image.open(fpath)

    # grey + alpha, then shrink
    pic = pic.convert('LA')
    pic = pic.resize((SIDE, SIDE))

    return np.array(pic)[:, :, 0]


labels_df["Image"] = labels_df["Image"].map(lambda a: "output_crp/"+a)
file_to_whale = dict(zip(labels_df["Image"], labels_df["Id"]))

all_pics = np.array([load_small(pic) for pic in train_files])
x = all_pics

class WhaleCodec():
    def __init__(self):
        self.ohe = OneHotEncoder()
        self.le = LabelEncoder()

    def fit_transform(self, x):
        codes = self.le.fit_transform(x)
        return self.ohe.fit_transform(codes.reshape(-1,1))

    def transform(self, x):
        return self.ohe.transform(self.le.transform(x.reshape(-1,1)))

    def inverse_transform(self, x):
        return self.le.inverse_transform(self.le.inverse_transform(x))

    def inverse_labels(self, x):
        return self.le.inverse_transform(x)


y = list(map(file_to_whale.get, train_files))

# files missing from the csv count as an unseen whale
for k in range(len(y)):
    if y[k] is None:
        y[k] = 'new_whale'

codec = WhaleCodec()
y_onehot = codec.fit_transform(y)


x = x.reshape((-1, SIDE, SIDE, 1))
input_shape = x[0].shape
x_train = x.astype("float32")
y_train = y_onehot

augmenter = ImageDataGenerator(
    featurewise_center=True,
    featurewise_std_normalization=True,
    rotation_range=15,
    width_shift_range=.15,
    height_shift_range=.15,
    horizontal_flip=True)

# mean/std statistics for the feature-wise normalisation
augmenter.fit(x_train, augment=True)


bs = 128
n_whales = len(y_onehot.toarray()[0])
n_epochs = 9

print('x_train shape:', x_train.shape)
print(x_train.shape[0], 'tails for training')

# small conv stack
net = Sequential()
net.add(Conv2D(48, kernel_size=(3, 3),
                 activation='relu',
                 input_shape=input_shape))
net.add(Conv2D(48, (3, 3), activation='relu'))
net.add(MaxPooling2D(pool_size=(2, 2)))
net.add(Conv2D(48, (5, 5), activation='relu'))
net.add(MaxPooling2D(pool_size=(3, 3)))
net.add(Dropout(0.33))
net.add(Flatten())
net.add(Dense(24, activation='relu'))
net.add(Dropout(0.33))
net.add(Dense(n_whales, activation='softmax'))

net.compile(loss=keras.losses.categorical_crossentropy,
              optimizer=keras.optimizers.Adadelta(),
              metrics=['accuracy'])
net.summary()
net.fit_generator(augmenter.flow(x_train, y_train.toarray(), batch_size=bs),
          steps_per_epoch=x_train.shape[0]//bs,
          epochs=n_epochs,
          verbose=1)

metrics_out = net.evaluate(x_train, y_train, verbose=0)
print('fit loss {0:.4f} | fit acc {1:.4f}'.format(*metrics_out))


# five best guesses per test file, as [file, 'id1 id2 ...'] rows
def predict_test():
    rows = []
    for img_path in test_files:
        pic = load_small(img_path)
        x = pic.astype("float32")
        # same normalisation as in training
        x = augmenter.standardize(x.reshape(1, SIDE, SIDE))

        y = net.predict_proba(x.reshape(1, SIDE, SIDE, 1))
        top_idx = np.argsort(y)[0][::-1][:5]
        top_names = codec.inverse_labels(top_idx)
        img_path = split(img_path)[-1]
        top_names = " ".join(top_names)
        row = [img_path, top_names]
        rows.append(row)
    return rows


#out = predict_test()
#print(out)
