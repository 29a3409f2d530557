# pet classifier training

import os
from keras.callbacks import ModelCheckpoint, TensorBoard

def fit_net(net, feats, feats_hold, targets, targets_hold):
    hooks = []
    if not os.path.exists('Data/Checkpoints/'):
        os.makedirs('Data/Checkpoints/')
    hooks.append(ModelCheckpoint('Data/Checkpoints/best_weights.h5', monitor='val_loss', verbose=0, save_best_only=True, save_weights_only=True, mode='auto', period=1))
    hooks.append(TensorBoard(log_dir='Data/Checkpoints/./logs', histogram_freq=0, write_graph=True, write_images=False, embeddings_freq=0, embeddings_layer_names=None, embeddings_metadata=None))

    # Augmented batches on the fly:
    # slower per epoch, better accuracy.

    # Plain alternative:
    # net.fit(feats, targets, batch_size=10, epochs=25, validation_data=(feats_hold, targets_hold), shuffle=True, callbacks=hooks)

    from keras.preprocessing.image import ImageDataGenerator
    augmenter = ImageDataGenerator(featurewise_center=False, samplewise_center=False, featurewise_std_normalization=False, samplewise_std_normalization=False, zca_whitening=False, rotation_range=0,  width_shift_range=0.1, height_shift_range=0.1, horizontal_flip = True, vertical_flip = False)
    augmenter.fit(feats)
    import numpy
    net.fit_generator(augmenter.flow(feats, targets, batch_size=8), steps_per_epoch=feats.shape[0]//8, epochs=25, validation_data=(feats_hold, targets_hold), callbacks=hooks)

    return net

def run():
    from dataset import load_arrays
    feats, feats_hold, targets, targets_hold = load_arrays()
    from net import build_net, store_net
    net = build_net(len(targets[0]))
    import numpy
    net = fit_net(net, feats, feats_hold, targets, targets_hold)
    store_net(net)
    return net

if __name__ == '__main__':
    run()
