'''
Fits a twin (Siamese) network that tells whether two face photos show the same person
'''
import facetools
import numpy as np
from keras.layers import Input, Lambda
from keras.models import Model

photo_root = 'att_faces/'

# read the fitting and checking photos
(faces_fit, who_fit), (faces_chk, who_chk) = facetools.read_faces(photo_root)
n_people = len(np.unique(who_fit))

# build the twin network
shape_in = faces_fit.shape[1:]
tower = facetools.make_tower(shape_in)
left_in = Input(shape=shape_in)
right_in = Input(shape=shape_in)
left_vec = tower(left_in)
right_vec = tower(right_in)
gap = Lambda(facetools.l2_gap, output_shape=(1,))([left_vec, right_vec])
twin = Model(inputs=[left_in, right_in], outputs=gap)

# fit
fit_pairs, fit_same = facetools.make_pairs(faces_fit, who_fit, num_classes=n_people)
twin.compile(loss=facetools.margin_loss, optimizer='adam', metrics=[facetools.pair_accuracy])
twin.fit([fit_pairs[:, 0], fit_pairs[:, 1]], fit_same,
          batch_size=128,
          epochs=10)

# write the model
twin.save('siamese_nn.h5')
