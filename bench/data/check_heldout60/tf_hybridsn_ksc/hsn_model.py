from keras.models import Model
from keras.layers import Dropout, Input
from keras.layers import Conv2D, Conv3D, Flatten, Dense, Reshape, BatchNormalization,concatenate

def build_hybrid(side,depth,n_out):
    ## input
    inp = Input((side, side, depth, 1))
    ## 3D convolutions
    ### number of kernels and their extent in each axis

    c3a = Conv3D(filters=8, kernel_size=(3, 3, 7), activation='relu')(inp)
    c3b = Conv3D(filters=16, kernel_size=(3, 3, 7), activation='relu')(c3a)



    ### newer Keras has no _keras_shape on its tensors
    ### so the plain shape is read instead
    #print(c3b._keras_shape)
    #shp = c3b._keras_shape

    shp = c3b.shape
    print("3D stack output before the fold,\nshape:{}".format(shp))
    ### fold the spectral axis into channels
    c3b = Reshape((shp[1], shp[2], shp[3]*shp[4]))(c3b)
    print("after folding into 2D maps,\nshape:{}".format(c3b.shape))

    c2 = Conv2D(filters=64, kernel_size=(3,3), activation='relu')(c3b)

    ### turn the maps into one vector
    ### before the dense head
    flat = Flatten()(c2)

    ## dense head
    ### two hidden layers
    ### each followed by dropout
    h1 = Dense(units=256, activation='relu')(flat)
    h1 = Dropout(0.4)(h1)
    h2 = Dense(units=128, activation='relu')(h1)
    h2 = Dropout(0.4)(h2)
    probs = Dense(units=n_out, activation='softmax')(h2)


    net = Model(inputs=inp, outputs=probs)

    return net
