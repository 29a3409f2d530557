import numpy as np
import tensorflow as tf
from tensorflow.keras.applications.resnet50  import ResNet50
from tensorflow.keras.preprocessing import image
from tensorflow.keras.applications.resnet50 import preprocess_input
from tensorflow.keras.layers import Dense
from tensorflow.keras.models import Model

class getResNet50Model:
    def __init__(self):
        # imagenet weights
        # pooled output taken from avg_pool
        # input must be at least 48x48, 3 channels
        self.input_shape = (224, 224, 3)
        self.resnet_model = ResNet50(weights='imagenet', input_shape=self.input_shape, include_top = True)
        self.output = self.resnet_model.get_layer('avg_pool').output
        # self.reduce_output = Dense(512, activation='relu', name='feature_extraction')(self.output)
        self.resnet_model = Model(self.resnet_model.input, self.output)
        # print(self.resnet_model.summary())
        

    '''
    Embed images with the pooled ResNet50 features
    (normalisation happens elsewhere)
    '''
    def extract_feat(self, batch):
        # single-file variant kept for reference:
        # x = image.load_img(path, target_size=(self.input_shape[0], self.input_shape[1]))
        # x = np.expand_dims(image.img_to_array(x), axis=0)
        big = tf.image.resize(batch, (self.input_shape[0], self.input_shape[1]))
        rgb = np.repeat(big,3,axis=-1)
        # print(rgb.shape)
        ready = preprocess_input(rgb)
        emb = self.resnet_model.predict(ready)
        # emb = emb/np.linalg.norm(emb,axis=1, keepdims=True)
        return emb
