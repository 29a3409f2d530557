# imports

from tensorflow.keras.layers import Input, Lambda, Dense, Flatten
from tensorflow.keras.models import Model
from tensorflow.keras.applications.resnet50 import ResNet50
# VGG16 variant left out
from tensorflow.keras.applications.resnet50 import preprocess_input
from tensorflow.keras.preprocessing import image
from tensorflow.keras.preprocessing.image import ImageDataGenerator,load_img
from tensorflow.keras.models import Sequential
import numpy as np
from glob import glob
import matplotlib.pyplot as plt

# network input size
SIDE = [224, 224]

tr_dir = 'car_data/train'
te_dir = 'car_data/test'

# ResNet50 trunk with ImageNet weights, no top
#

backbone = ResNet50(input_shape=SIDE + [3], weights='imagenet', include_top=False)

# freeze the trunk
for lyr in backbone.layers:
    lyr.trainable = False

  # one folder per brand
class_dirs = glob('car_data/train/*')

# flatten the last feature map
feat = Flatten()(backbone.output)

probs = Dense(len(class_dirs), activation='softmax')(feat)

# assemble
net = Model(inputs=backbone.input, outputs=probs)


# summary
net.summary()

# loss and optimizer
net.compile(
  loss='categorical_crossentropy',
  optimizer='adam',
  metrics=['accuracy']
)

# generators stream batches from the folders
from tensorflow.keras.preprocessing.image import ImageDataGenerator

tr_gen = ImageDataGenerator(rescale = 1./255,
                                   shear_range = 0.2,
                                   zoom_range = 0.2,
                                   horizontal_flip = True)

te_gen = ImageDataGenerator(rescale = 1./255)

# same size as the trunk input
tr_flow = tr_gen.flow_from_directory('car_data/train',
                                                 target_size = (224, 224),
                                                 batch_size = 32,
                                                 class_mode = 'categorical')

te_flow = te_gen.flow_from_directory('car_data/test',
                                            target_size = (224, 224),
                                            batch_size = 32,
                                            class_mode = 'categorical')

# train
#
fit_log = net.fit_generator(
  tr_flow,
  validation_data=te_flow,
  epochs=50,
  steps_per_epoch=len(tr_flow),
  validation_steps=len(te_flow)
)

# loss curves
plt.plot(fit_log.history['loss'], label='loss (train)')
plt.plot(fit_log.history['val_loss'], label='loss (val)')
plt.legend()
plt.show()
plt.savefig('loss_curve')

# accuracy curves
plt.plot(fit_log.history['accuracy'], label='acc (train)')
plt.plot(fit_log.history['val_accuracy'], label='acc (val)')
plt.legend()
plt.show()
plt.savefig('acc_curve')

# save to h5


from tensorflow.keras.models import load_model

net.save('cars_resnet50.h5')


pred = net.predict(te_flow)

pred

import numpy as np
pred = np.argmax(pred, axis=1)

pred

from tensorflow.keras.models import load_model
from tensorflow.keras.preprocessing import image

net=load_model('cars_resnet50.h5')

batch1

pic=image.load_img('car_data/Test/lamborghini/11.jpg',target_size=(224,224))

feat=image.img_to_array(pic)
feat

feat.shape

feat=feat/255

feat=np.expand_dims(feat,axis=0)
batch1=preprocess_input(feat)
batch1.shape

net.predict(batch1)

top=np.argmax(net.predict(batch1), axis=1)

top==1
