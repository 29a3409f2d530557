import glob
from PIL import Image,ImageOps
import numpy as np
from scipy.misc import imresize
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelBinarizer
print("==============================================================")
paths = glob.glob(r'train/*/*.*')
paths[0:5]
species = []
small_pics=[]
for p in paths:
    if p[-3:]!='png':
        continue
    species.append(p.split('\\')[-2])
    small_pics.append(
        ImageOps.fit(Image.open(p),(48,48),Image.ANTIALIAS).convert('RGB'))
pix = np.array([np.array(sp)
                       for sp in small_pics])/255
binz = LabelBinarizer().fit(species)
onehot = binz.transform(species)
fitX, holdX, fitY, holdY = train_test_split(pix,onehot
                                                 ,test_size = 0.05
                                                  ,random_state=42)
from keras.layers import Dropout, Input, Dense,Activation,GlobalMaxPooling2D, BatchNormalization, Flatten, Conv2D, MaxPooling2D
from keras.models import Model, load_model
from keras.optimizers import Adam
pic_in = Input((48, 48, 3))
t = Conv2D(16, (3, 3))(pic_in)
t = BatchNormalization(axis = 3)(t)
t = Activation('relu')(t)
t = Conv2D(16, (3, 3))(t)
t = BatchNormalization(axis = 3)(t)
t = Activation('relu')(t)
t = MaxPooling2D((2, 2), strides=(2, 2))(t)
t = Conv2D(32, (3, 3))(t)
t = BatchNormalization(axis = 3)(t)
t = Activation('relu')(t)
t = Conv2D(32, (3, 3))(t)
t = BatchNormalization(axis = 3)(t)
t = Activation('relu')(t)
t = GlobalMaxPooling2D()(t)
t = Dense(64, activation='relu')(t)
t = Dropout(0.5)(t)
t = Dense(32, activation='relu')(t)
t = Dropout(0.5)(t)
t = Dense(12, activation='softmax')(t)
net = Model(inputs=pic_in, outputs=t)
net.summary()
net.compile(loss='categorical_crossentropy',
              optimizer=Adam(lr=1e-4), metrics=['acc'])
from keras.callbacks import LearningRateScheduler, EarlyStopping
from keras.callbacks import ModelCheckpoint
bs = 64
lr_sched = LearningRateScheduler(lambda e: 1e-3 * 0.9 ** e)
stopper = EarlyStopping(patience=10)
saver = ModelCheckpoint(
    filepath='seedling_net.h5', save_best_only=True, verbose=1)
net.fit(
    fitX, fitY, batch_size=bs,
    epochs=200,
    validation_data=(holdX, holdY),
    callbacks=[lr_sched, stopper, saver]
)
test_paths = glob.glob('test//*.png')
test_pics = []
file_names = []
for p in test_paths:
    if p[-3:] != 'png':
        continue
    file_names.append(p.split('\\')[-1])
    raw = Image.open(p)
    fitted = ImageOps.fit(raw, (48, 48), Image.ANTIALIAS).convert('RGB')
    test_pics.append(fitted)
net = load_model('seedling_net.h5')
tpix = np.array([np.array(q) for q in test_pics])
testX = tpix.reshape(tpix.shape[0], 48, 48, 3) / 255
probs = net.predict(testX)
pred_species = binz.inverse_transform(probs)
import pandas as pd
out_df = pd.DataFrame(data={'file': file_names, 'species': pred_species})
out_sorted = out_df.sort_values(by=['file'])
out_sorted.to_csv('results.csv', index=False)
paths = glob.glob(r'train/*/*.*')
paths[0:5]
for p in paths:
    print(p.split('\\')[-2])
species = []
species = [p.split('\\')[-2] for p in paths]
list(species)
binz = LabelBinarizer()
binz.fit_transform(species)
