import numpy as np
import os
from keras.layers import Conv3D, MaxPool3D, Flatten, Dense
from keras.layers import Dropout, Input, BatchNormalization
from keras.losses import categorical_crossentropy
from keras.optimizers import Adadelta
from keras.models import Model, model_from_json
import keras
import data_handler as dh

'''

*** layer plan followed from the reference paper ***

layer    kind    input               maps    kernel  stride     pad
0        input   c x 11 x 11 x 11    -        -       -         -
1        conv    c x 11 x 11 x 11    32       3^3     1^3       1^3
2        pool    32 x 5 x 5 x 5      -        2^3     2^3       0
3        conv    64 x 5 x 5 x 5      64       3^3     1^3       1^3
4        pool    64 x 2 x 2 x 2      -        2^3     2^3       0
5        dense   256                 256      1       -         -
6        soft    2                   2        1       -         -

'''

class cube_net(object):
    
    def __init__(self, mode='train', patch_size=(11, 11, 11),
                 num_channels=1, name='net', path='none', lr='0.1'):
        self.name = name
        self.history = 0

        if (mode == 'train'):
            self.cube = patch_size
            self.n_ch = num_channels
            self.model = False
            self.lr = lr
            self.make_layers()
            self.make_compiled()
            print('net built')
        elif (mode == 'load'):
            self.path = path
            self.read_net()
            print('net read')
        elif (mode == 'classify'):
            self.path = path
            self.read_net()
            self.classify_3d_scan()

    def make_layers(self):

        print('building layers')

        # input
        x_in = Input(np.hstack((self.cube, self.n_ch)))
    
        # conv
        c1 = Conv3D(filters=32, kernel_size=(3, 3, 3), 
                    strides=(1, 1, 1), padding='valid', 
                    activation='relu')(x_in)
    
        # pool
        p1 = MaxPool3D(pool_size=(2, 2, 2),
                       strides=(2, 2, 2))(c1)
    
        # conv
        c2 = Conv3D(filters=64, kernel_size=(3, 3, 3),
                    strides=(1, 1, 1), padding='valid', 
                    activation='relu')(p1)
    
        # pool
        p2 = MaxPool3D(pool_size=(2, 2, 2),
                       strides=(2, 2, 2))(c2)
    
        # batch norm on the conv features before the dense part,
        # against vanishing gradients
        p2 = BatchNormalization()(p2)

        # flatten
        flat = Flatten()(p2)

        # dense
        d1 = Dense(units=256, activation='relu')(flat)

        # dropout (added later)
        drop = Dropout(0.5)(d1)

        # output
        y_out = Dense(units=2, activation='softmax')(drop)

        self.model = Model(inputs=x_in, outputs=y_out)

    def make_compiled(self):

        print('compiling')
        self.model.compile(loss=categorical_crossentropy,
                           optimizer=Adadelta(lr=self.lr),
                           metrics=['acc'])
    
    def fit_net(self, xtrain=0, ytrain=0, batch_size=16,
                epochs=100, val=0.2, val_data=False):

        print('fitting')
        
        # shuffled order of the cubes
        order = np.random.choice(np.arange(ytrain.shape[0]),
                                 size=ytrain.shape[0],
                                 replace=False)
        
        x = xtrain[order, :, :, :, :]
        y = ytrain[order, :]
        
        self.bs = batch_size
        
        # no explicit validation data
        if (not val_data):
            self.model.fit(x=x,
                           y=y,
                           batch_size=self.bs,
                           epochs=epochs,
                           validation_split=val)

        else:
            self.model.fit(x=x,
                           y=y,
                           batch_size=self.bs,
                           epochs=epochs,
                           validation_data=val_data)
            

        self.history = self.model.history.history
        #print(self.history)

        self.write_net()

    def predict_net(self, xpredict=0, batch_size=16):

        print('scoring cubes')
        y_hat = self.model.predict(x=xpredict,
                                   batch_size=batch_size)

        return y_hat

    def write_net(self):

        print('writing net')

        # weights
        self.model.save_weights('{}_weights.h5'.format(self.name))

        # architecture
        with open('{}_architecture.json'.format(self.name), 'w') as f:
            f.write(self.model.to_json())

    def read_net(self):

        alias = 'loo_'+self.name
        fpath = os.path.join(os.path.join('..', self.path), alias)

        # architecture from JSON
        with open(fpath+'_architecture.json', 'r') as f:
            self.model = model_from_json(f.read())

        # weights
        self.model.load_weights(fpath+'_weights.h5' .format(self.name))

#%% still in progress
class cascade(object):
    
    def __init__(self, mode='classify', patch_size=(11, 11, 11),
                 num_channels=1, patient='none', path='none', data='none',
                 n1name='none', n2name='none', zhi=False, thresh='0.5'):

        self.zhi = zhi
        self.subject = patient 
        self.cube = patch_size
        self.cut = float(thresh)

        self.n1name = n1name
        self.n2name = n2name

        if (mode == 'classify'):
            self.df = data
            self.path = path
            self.read_nets()
            print('cascade ready')

    def read_nets(self):

        print('reading stage 1')
        if (not self.zhi):
            alias = '{}_stage1_{}'.format(self.subject, self.n1name) # the subject id is part of the name
            fpath = os.path.join(os.path.join('..', self.path), alias)
        else:
            alias = 'zhi_stage1_' + self.n1name
            fpath = os.path.join(self.path, alias)

        # architecture from JSON
        with open(fpath+'_architecture.json', 'r') as f:
            self.net_one = model_from_json(f.read())

        # weights
        self.net_one.load_weights(fpath+'_weights.h5' .format(self.n1name))

        print('reading stage 2')
        if (not self.zhi):
            alias = '{}_stage2_{}'.format(self.subject, self.n2name)
            fpath = os.path.join(os.path.join('..', self.path), alias)
        else:
            alias = 'zhi_stage2_' + self.n2name
            fpath = os.path.join(self.path, alias)

        # architecture from JSON
        with open(fpath+'_architecture.json', 'r') as f:
            self.net_two = model_from_json(f.read())

        # weights
        self.net_two.load_weights(fpath+'_weights.h5' .format(self.n2name))

        print('both stages read')

    def run_stage1(self, batch_size=128):
        
        print('stage 1 over the cubes')
    
        # cubes to a keras array
        xdata = self.cubes_to_array(patches=self.cubes)
        
        y_hat = self.net_one.predict(x=xdata,
                                     batch_size=batch_size)
        '''
        stand-in without keras
        y_hat = np.random.randint(0, 2, xdata.shape[0])
        y_hat = keras.utils.to_categorical(y_hat, 2)
        '''

        # cut the scores... [0, 1] marks a lesion cube
        for i in np.arange(len(self.cubes)):
            if y_hat[i, 1] > self.cut:
            
                self.cubes[i].label = '1'
            else:
                self.cubes[i].label = '0'
        
        # keep the stage 1 positives as [x, y, z, label]
        s1_hits = [c.coords + [c.label] for c in self.cubes if c.label == '1']
        self.s1_seg.append(s1_hits)
        
        return 0
    
    def run_stage2(self, batch_size=128):
        
        print('stage 2 over the stage 1 positives')
        
        # stage 1 positives
        cubes = [c for c in self.cubes if c.label == '1']
        
        #coords = [c[:3] for c in self.s1_seg if c[3] == '1']       

        if (len(cubes) > 0): 

            # cubes to a keras array
            xdata = self.cubes_to_array(patches=cubes)
        
            y_hat = self.net_two.predict(x=xdata,
                                         batch_size=batch_size)
            '''
            stand-in without keras
            y_hat = np.random.randint(0, 2, xdata.shape[0])
            y_hat = keras.utils.to_categorical(y_hat, 2)
            '''

            # cut the scores... [0, 1] marks a lesion cube
            for i in np.arange(len(cubes)):
                if y_hat[i, 1] > self.cut:
                    cubes[i].label = '1'
                else:
                    cubes[i].label = '0'
        
            # keep the stage 2 positives as [x, y, z, label]
            s2_hits = [c.coords + [c.label] for c in cubes if c.label == '1']
            self.s2_seg.append(s2_hits)
        
        return 0
    
    def cubes_to_array(self, patches='none'):

            # pack the cubes for the net
            cube_list = [c.array for c in patches]
            xdata = np.ndarray((len(cube_list),
                                cube_list[0].shape[0],
                                cube_list[0].shape[1],
                                cube_list[0].shape[2],
                                1)) # single channel
            # copy the cube values in
            for i in range(len(xdata)):
                xdata[i, :, :, :, 0] = cube_list[i]

            return xdata

    def classify_scan(self, patient='none'):

        # needs both stages loaded
        # every cube of a slice goes through stage 1; the cubes
        # stage 1 calls positive then go through
        # stage 2

        # data
        self.s1_seg = []
        self.s2_seg = []
        self.cutter = dh.patcher(patch_size=self.cube)
        slices = self.cutter.patchify(path_table=self.df, patient=patient,
                                      mode='classify')
        
        print('{} slices'.format(len(slices)))

        for sl in slices:

            print('slice {}'.format(sl))

            # cubes
            self.cutter.patchify(path_table=self.df, patient=patient, mode='classify')
            self.cubes = self.cutter.patches_xyz

            # stage 1
            self.run_stage1()

            # stage 1 positives through stage 2
            self.run_stage2()

        coords = []
        for coord in self.s1_seg:
            coords = coords + coord
        self.s1 = np.array(coords)
        coords = []
        for coord in self.s2_seg:
            coords = coords + coord
        self.s2 = np.array(coords)
        
        return [self.s1, self.s2]

