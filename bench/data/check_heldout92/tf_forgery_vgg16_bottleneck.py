
from keras import applications
import numpy as np


def main():
    extractor = applications.VGG16(weights='imagenet', include_top=False)

    patches_tr=np.load('/content/x_trai_data.npy')
    patches_te=np.load('/content/x_test_data.npy')

    feats_tr = extractor.predict(patches_tr)
    feats_te = extractor.predict(patches_te)

    np.save('x_train_vgg_bottleneck.npy', feats_tr)
    np.save('x_test_vgg_bottleneck.npy', feats_te)

    print(feats_tr.shape)


if __name__=='__main__':
    main()
