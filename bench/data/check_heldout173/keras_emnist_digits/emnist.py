import numpy as np
from scipy.io import loadmat
import pickle

def load_data(mat_file_path, width=28, height=28, max_=None, verbose=True):
    ''' Read the EMNIST .mat file and return uint8 train/test images, labels,
        the label-to-character mapping and the number of classes.
        max_ caps the number of training samples (test gets a sixth of it).
    '''
    def rotate(img):
        # the .mat images come transposed: flip and rotate back
        flipped = np.fliplr(img)
        return np.rot90(flipped)

    def display(img, threshold=0.5):
        # text rendering of one image, for debugging
        render = ''
        for row in img:
            for col in row:
                if col > threshold:
                    render += '@'
                else:
                    render += '.'
            render += '\n'
        return render

    # nested MATLAB struct as loaded by scipy
    mat = loadmat(mat_file_path)

    # class index -> character code
    mapping = {kv[0]:kv[1:][0] for kv in mat['dataset'][0][0][2]}
    pickle.dump(mapping, open('emnist/mapping.p', 'wb' ))

    # training split
    if max_ == None:
        max_ = len(mat['dataset'][0][0][0][0][0][0])
    training_images = mat['dataset'][0][0][0][0][0][0][:max_].reshape(max_, height, width, 1)
    training_labels = mat['dataset'][0][0][0][0][0][1][:max_]

    # test split
    if max_ == None:
        max_ = len(mat['dataset'][0][0][1][0][0][0])
    else:
        max_ = int(max_ / 6)
    testing_images = mat['dataset'][0][0][1][0][0][0][:max_].reshape(max_, height, width, 1)
    testing_labels = mat['dataset'][0][0][1][0][0][1][:max_]

    # fix orientation in place, train
    if verbose == True: _len = len(training_images)
    for i in range(len(training_images)):
        if verbose == True: print('%d/%d (%.2lf%%)' % (i + 1, _len, ((i + 1)/_len) * 100), end='\r')
        training_images[i] = rotate(training_images[i])
    if verbose == True: print('')

    # fix orientation in place, test
    if verbose == True: _len = len(testing_images)
    for i in range(len(testing_images)):
        if verbose == True: print('%d/%d (%.2lf%%)' % (i + 1, _len, ((i + 1)/_len) * 100), end='\r')
        testing_images[i] = rotate(testing_images[i])
    if verbose == True: print('')

    # same layout as keras.datasets.mnist
    training_images = training_images.reshape(training_images.shape[0], width, height)
    testing_images = testing_images.reshape(testing_images.shape[0], width, height)
    training_labels = training_labels.reshape(training_labels.shape[0],)
    testing_labels = testing_labels.reshape(testing_labels.shape[0],)

    nb_classes = len(mapping)

    return ((training_images, training_labels), (testing_images, testing_labels), mapping, nb_classes)
