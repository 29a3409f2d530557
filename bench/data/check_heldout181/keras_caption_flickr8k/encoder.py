import tensorflow as tf
import os
import pickle
import numpy as np
from vit_keras import vit
from utils import flatten_features

def extract_features(image_files, encoder_type):
    features_path = os.path.join('flickr8k', 'Features', f'features_{encoder_type}.pkl')
    if not os.path.isfile(features_path):
        model, preprocessor, flattener = None, None, None
        features = {}

        if encoder_type == 'resnet':
            model = tf.keras.applications.ResNet50(include_top=False, weights='imagenet')
            preprocessor = tf.keras.applications.resnet50.preprocess_input
            flattener = flatten_features
        elif encoder_type == 'vit':
            vit_base = vit.vit_b16(pretrained=True, include_top=False, pretrained_top=False)
            model = tf.keras.Model(inputs=vit_base.input, outputs=vit_base.layers[-2].output)
            preprocessor = vit.preprocess_inputs
            flattener = lambda x: x

        for file in image_files:
            image = tf.keras.utils.load_img(os.path.join('flickr8k/Images', file), target_size=(224, 224))
            image = tf.keras.utils.img_to_array(image)
            image = np.expand_dims(image, axis=0)
            image = preprocessor(image)
            feature = model.predict(image)
            features[file] = feature

        features = flattener(features)

        with open(features_path, "wb") as f:
            pickle.dump(features, f)

    else:
        with open(features_path, "rb") as f:
            features = pickle.load(f)

    return features

class LSTM_Encoder(tf.keras.Model):
    def __init__(self, embedding_dim):
        super().__init__()
        self.dense = tf.keras.layers.Dense(embedding_dim, activation='relu')

    def call(self, x):
        return self.dense(x)