import numpy as np
import glob
import h5py
import itertools

import argparse

import imgaug as ia
from imgaug import augmenters as iaa

from keras.models import Model
from keras.callbacks import ModelCheckpoint, Callback
from keras.optimizers import Adam
from keras.layers import Input, Dense, Conv2D, MaxPooling2D, BatchNormalization, Dropout, Flatten, concatenate


def run_training(opts):
    # Where the recorded episodes are
    fit_dir = './dataset/SeqTrain/'
    hold_dir = './dataset/SeqVal/'

    fit_files = glob.glob(fit_dir + '*.h5')
    hold_files = glob.glob(hold_dir + '*.h5')

    # Image augmentation
    often = lambda aug: iaa.Sometimes(0.4, aug)
    some = lambda aug: iaa.Sometimes(0.3, aug)
    rare = lambda aug: iaa.Sometimes(0.09, aug)

    augmenter = iaa.Sequential([
            rare(iaa.GaussianBlur((0, 1.5))),                                               # light blur
            rare(iaa.AdditiveGaussianNoise(loc=0, scale=(0.0, 0.05), per_channel=0.5)),     # pixel noise
            some(iaa.Dropout((0.0, 0.10), per_channel=0.5)),                                # drop single pixels
            some(iaa.CoarseDropout((0.0, 0.10), size_percent=(0.08, 0.2),per_channel=0.5)), # drop pixel blocks
            some(iaa.Add((-40, 40), per_channel=0.5)),                                      # shift brightness
            often(iaa.Multiply((0.10, 2.5), per_channel=0.2)),                              # scale brightness
            rare(iaa.ContrastNormalization((0.5, 1.5), per_channel=0.5)),                   # change contrast
    ], random_order=True)

    # Heads of the network and what each predicts
    heads = [
                        ["Speed"],
                        ["Steer", "Gas", "Brake"], ["Steer", "Gas", "Brake"], 
                        ["Steer", "Gas", "Brake"], ["Steer", "Gas", "Brake"]    
                    ]

    head_names = ['Speed', 'Follow', 'Left', 'Right', 'Straight']

    frame_size = (88, 200, 3)

    frame_in = (frame_size[0], frame_size[1], frame_size[2])

    speed_in = (1,)

    batch = opts.batch_size

    ckpt_path = opts.weights

    # Route command: 1 speed, 2 follow lane, 3 left, 4 right, 5 straight, None trains every head
    # masks = opts.masks

    # Batch source
    def make_batches(files, batch = 6, masks = None):  
    
        ''' route command: 2 follow, 3 left, 4 right, 5 straight '''
        
        frames_acc = []   
        controls_acc = []
        speeds_acc = []
        
        while True:
            for i in range(batch - 1):
                f_idx = np.random.randint(len(files) - 1)
                row = np.random.randint(200-1)

                h5 = h5py.File(files[f_idx], 'r')

                for mask in masks:
                    if h5['targets'][row][24] == mask:
                        frames_acc.append(augmenter.augment_image(h5['rgb'][row]))
                        controls_acc.append(h5['targets'][row][:3])
                        speeds_acc.append(h5['targets'][row][10]) # speed
                        
                h5.close()
                
            yield ([np.array(frames_acc), np.array(speeds_acc)], [np.array(speeds_acc) if mask == 1 else np.array(controls_acc) for mask in masks ])
    

    # Network builder
    def build_cil(frame_in, speed_in, masks = None, ckpt_path = None):
        """
           Arguments
           ---------
                frame_in : tuple
                    Shape of a camera frame.
                    
                speed_in : tuple
                    Shape of the speed input.
                    
                masks : list
                    Which heads get trained.
                    
                ckpt_path : string 
                    Weights to start from
                    
            Returns
            -------
                Model : keras model
                    The network, ready to compile
                    
        """
        
        outs = []

        def conv_unit(x_in, filters, kernel_size, strides):
            x = Conv2D(filters, (kernel_size, kernel_size), strides = strides, activation='relu')(x_in)
            x = MaxPooling2D(pool_size=(1,1), strides=(1,1))(x)
            x = BatchNormalization()(x)
            x = Dropout(0.5)(x)

            return x

        def dense_unit(x_in, units):
            d = Dense(units, activation = 'relu')(x_in)
            d = Dropout(0.2)(d)

            return d

        img_in = Input(frame_in, name='image_input')

        '''x_in, filters, kernel_size, strides'''

        """ stage 1 """
        x = conv_unit(img_in, 32, 5, 2)
        x = conv_unit(x, 32, 3, 1)

        """ stage 2 """
        x = conv_unit(x, 64, 3, 2)
        x = conv_unit(x, 64, 3, 1)

        """ stage 3 """
        x = conv_unit(x, 128, 3, 2)
        x = conv_unit(x, 128, 3, 1)

        """ stage 4 """
        x = conv_unit(x, 256, 3, 1)
        x = conv_unit(x, 256, 3, 1)

        """ flatten """
        x = Flatten()(x)

        """ dense 1 """
        x = dense_unit(x, 512)

        """ dense 2 """
        x = dense_unit(x, 512)

        """speed branch"""

        """ measured speed """
        sp_in = Input(speed_in, name='speed_input') 
        sp = dense_unit(sp_in, 128)
        sp = dense_unit(sp, 128)

        """ joint features """
        joint = concatenate([x, sp])
        joint = dense_unit(joint, 512)


        for k in range(len(heads)):

            if heads[k][0] == "Speed":
                head = dense_unit(x, 256)
                head = dense_unit(head, 256)

            else:
                head = dense_unit(joint, 256)
                head = dense_unit(head, 256)

            final = Dense(len(heads[k]), name = head_names[k])(head)
            outs.append(final)
        
        # Start from saved weights if given
        if ckpt_path:
            model.load_weights(ckpt_path)
            
        return model

    model = build_cil(frame_in, speed_in, masks, ckpt_path)

    model.compile(loss='mean_squared_error', optimizer=Adam(lr=0.00003), metrics=['accuracy'])

    saver = ModelCheckpoint('model-{epoch:03d}.h5',
                                     monitor='val_loss',
                                     verbose=0,
                                     save_best_only=True,
                                     mode='auto')

    model.fit_generator(make_batches(fit_files, batch),          
                        max_queue_size=1,
                        epochs=opts.epochs,
                        steps_per_epoch=opts.steps_per_epochs,
                        validation_data=make_batches(hold_files, batch),
                        validation_steps=len(hold_files)//batch,
                        callbacks=[saver]
                       )


    

def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        '-w', '--weights',
        metavar='PATH',
        dest='weights',
        default=None,
        help='weights file to resume from')
    parser.add_argument(
        '-b', '--batch_size',
        dest='batch_size',
        default=120,
        help='samples per batch')
    parser.add_argument(
        '-e', '--epochs',
        dest='epochs',
        default=5,
        help='passes over the data')
    parser.add_argument(
        '-s', '--steps',
        dest='steps_per_epochs',
        default=500,
        help='batches per pass')

    opts = parser.parse_args()

    run_training(opts)
    print('Training...')


if __name__ == '__main__':

    try:
        main()
    except KeyboardInterrupt:
        print('\nStopped by user.')
