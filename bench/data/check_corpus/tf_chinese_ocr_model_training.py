# source: https://github.com/bojone/simple-chinese-ocr/blob/5f375f0ddc0a6b0bdc8717c5d6a34a178500e5c3/model_training.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# (the original is Python 2; its one print statement is left out so that the file parses)

import numpy as np
from PIL import Image, ImageFont, ImageDraw
import pandas as pd
import glob

# characters to recognise (a short excerpt; the real table has 3062 entries)
charset = u'9876543210ZzYyXxWwVvUuTtSsRrQqPpOoNnMmLlKkJjIiHhGgFfEeDdCcBbAa水火山石田土木日月风云雨雪花草鸟鱼马牛羊车门口手足耳目头心'


# draw one character in black on white and sprinkle 5 % noise over it
def render_glyph(ch, size=(48, 48), font_file='simhei.ttf', pt=48):
    canvas = Image.new('1', size, 1)
    pen = ImageDraw.Draw(canvas)
    face = ImageFont.truetype(font_file, pt)
    pen.text((0, 0), ch, font=face)
    return (((np.array(canvas.getdata()).reshape(size) == 0) + (np.random.random(size) < 0.05)) != 0).astype(float)


# the generated training set: every character, every font, five sizes, twice
glyph_data = pd.DataFrame()
font_files = glob.glob('./*.[tT][tT]*')
for font_file in font_files:
    for delta in range(-2, 3):
        part = pd.DataFrame(pd.Series(list(charset)).apply(lambda c: [render_glyph(c, font_file=font_file, pt=48 + delta)]))
        part['label'] = range(3062)
        glyph_data = glyph_data.append(part, ignore_index=True)
        part = pd.DataFrame(pd.Series(list(charset)).apply(lambda c: [render_glyph(c, font_file=font_file, pt=48 + delta)]))
        part['label'] = range(3062)
        glyph_data = glyph_data.append(part, ignore_index=True)


xs = np.array(list(glyph_data[0])).astype(float)
np.save('glyphs', xs)

id_to_char = dict(zip(range(3062), list(charset)))

from keras.models import Sequential
from keras.layers.core import Dense, Dropout, Activation, Flatten
from keras.layers.convolutional import Convolution2D, MaxPooling2D
from keras.utils import np_utils

BATCH = 1024
N_CHARS = 3062
N_EPOCHS = 30

ROWS, COLS = 48, 48
N_FILTERS = 64
POOL = 2
KERNEL = 4

xs = np.load('glyphs.npy')
y_onehot = np_utils.to_categorical(range(3062) * 45 * 5 * 2, N_CHARS)
class_w = ((3062 - np.arange(3062)) / 3062.0 + 1) ** 3
class_w = dict(zip(range(3063), class_w / class_w.mean()))

ocr_model = Sequential()

ocr_model.add(Convolution2D(N_FILTERS, KERNEL, KERNEL, input_shape=(1, ROWS, COLS), border_mode='valid'))
ocr_model.add(Activation('relu'))
ocr_model.add(MaxPooling2D(pool_size=(POOL, POOL)))
ocr_model.add(Dropout(0.25))
ocr_model.add(Convolution2D(N_FILTERS, KERNEL, KERNEL))
ocr_model.add(Activation('relu'))
ocr_model.add(MaxPooling2D(pool_size=(POOL, POOL)))
ocr_model.add(Dropout(0.25))

ocr_model.add(Flatten())
ocr_model.add(Dense(1024))
ocr_model.add(Activation('relu'))
ocr_model.add(Dropout(0.5))

ocr_model.add(Dense(N_CHARS))
ocr_model.add(Activation('softmax'))

ocr_model.compile(optimizer='adam', metrics=['accuracy'], loss='categorical_crossentropy')

history = ocr_model.fit(xs, y_onehot, nb_epoch=N_EPOCHS, batch_size=BATCH, class_weight=class_w)

loss_acc = ocr_model.evaluate(xs, y_onehot)
print('loss on the training glyphs:', loss_acc[0])
print('accuracy on the training glyphs:', loss_acc[1])

ocr_model.save_weights('ocr_weights.model')
