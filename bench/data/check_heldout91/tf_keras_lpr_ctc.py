import os
import argparse

import cv2
import numpy as np
from keras import backend as K
from keras.layers import Input, Activation, Conv2D, BatchNormalization, Lambda, MaxPooling2D, Dropout
from keras.models import Model
from keras.optimizers import SGD
from keras.callbacks import ModelCheckpoint, TensorBoard

SYMS = ['京', '沪', '津', '渝', '冀', '晋', '蒙', '辽', '吉', '黑',
        '苏', '浙', '皖', '闽', '赣', '鲁', '豫', '鄂', '湘', '粤',
        '桂', '琼', '川', '贵', '云', '藏', '陕', '甘', '青', '宁',
        '新',
        '0', '1', '2', '3', '4', '5', '6', '7', '8', '9',
        'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K',
        'L', 'M', 'N', 'P', 'Q', 'R', 'S', 'T', 'U', 'V',
        'W', 'X', 'Y', 'Z',
        '港', '学', '使', '警', '澳', '挂', '军', '北', '南', '广',
        '沈', '兰', '成', '济', '海', '民', '航', '空',
        ]

SYM_INDEX = {s:k for k, s in enumerate(SYMS)}

N_SYMS = len(SYMS)

# the CTC loss is computed here, inside a layer, since Keras
# losses cannot take the extra length inputs
def ctc_layer_fn(args):
    y_pred, labels, input_length, label_length = args
    y_pred = y_pred[:, :, 0, :]
    return K.ctc_batch_cost(labels, y_pred, input_length, label_length)

def make_net(width, channels):
    inp = Input(name='the_input', shape=(width, 40, channels), dtype='float32')
    t = inp
    first_filters = 32

    for k in range(3):
        t = Conv2D(first_filters * (2 ** (k)), (3, 3), padding="same")(t)
        t = BatchNormalization()(t)
        t = Activation('relu')(t)
        t = MaxPooling2D(pool_size=(2, 2))(t)
    t = Conv2D(256, (5, 5))(t)
    t = BatchNormalization()(t)
    t = Activation('relu')(t)
    t = Conv2D(1024, (1, 1))(t)
    t = BatchNormalization()(t)
    t = Activation('relu')(t)
    t = Conv2D(N_SYMS+1, (1, 1))(t)
    t = Activation('softmax')(t)

    probs = t
    return inp, probs

def plate_to_ids(text):
    ids = np.zeros([len(text)])
    for k, s in enumerate(text):
        ids[k] = SYM_INDEX[s]
    return ids

def split_row(row):
    fields = row.split(':')
    name = fields[0]
    ids = plate_to_ids(fields[1].strip().upper())
    return name, ids

class PlateBatches:
    def __init__(self, img_dir, label_file, batch_size, img_size, input_length, num_channels=3, label_len=5):
        self._img_dir = img_dir
        self._label_file = label_file
        self._batch_size = batch_size
        self._num_channels = num_channels
        self._label_len = label_len
        self._input_len = input_length
        self._img_w, self._img_h = img_size

        self._count = 0
        self._pos = 0
        self._epochs_done = 0
        self.names = []
        self.ids = None

        self.init()

    def init(self):
        self.ids = []
        with open(self._label_file) as fh:
            for row in fh:
                name, ids = split_row(row)
                self.names.append(name)
                self.ids.append(ids)
                self._count += 1
        self.ids = np.float32(self.ids)

    def next_batch(self):
        # reshuffle at the start of a pass
        if self._pos == 0:
            order = np.arange(self._count)
            np.random.shuffle(order)
            self._names = [self.names[k] for k in order]
            self._ids = self.ids[order]

        bs = self._batch_size
        lo = self._pos
        hi = self._pos + bs
        if hi >= self._count:
            self._pos = 0
            self._epochs_done += 1
            hi = self._count
            bs = self._count - lo
        else:
            self._pos = hi
        pics = np.zeros([bs, self._img_h, self._img_w, self._num_channels])
        # ids = np.zeros([bs, self._label_len])
        for j, k in enumerate(range(lo, hi)):
            name = self._names[k]
            pic = cv2.imread(os.path.join(self._img_dir, name))
            pics[j, ...] = pic
        pics = np.transpose(pics, axes=[0, 2, 1, 3])
        ids = self._ids[lo:hi, ...]
        in_len = np.zeros([bs, 1])
        lab_len = np.zeros([bs, 1])
        in_len[:] = self._input_len
        lab_len[:] = self._label_len
        outs = {'ctc': np.zeros([bs])}
        ins = {'the_input': pics,
               'the_labels': ids,
               'input_length': in_len,
               'label_length': lab_len,
               }
        return ins, outs

    def get_data(self):
        while True:
            yield self.next_batch()

def train(args):
    """fit the plate reader
    """
    ckpt_dir = os.path.dirname(args.c)
    if not os.path.isdir(ckpt_dir):
        os.makedirs(ckpt_dir)

    if args.log != '' and not os.path.isdir(args.log):
        os.makedirs(args.log)
    label_len = args.label_len

    inp, probs = make_net(args.img_size[0], args.num_channels)

    labels = Input(name='the_labels', shape=[label_len], dtype='float32')
    input_length = Input(name='input_length', shape=[1], dtype='int32')
    label_length = Input(name='label_length', shape=[1], dtype='int32')

    out_len = int(probs.shape[1])
    # the loss lives in a Lambda layer because Keras losses
    # take only y_true and y_pred
    loss_out = Lambda(ctc_layer_fn, output_shape=(1,), name='ctc')([probs, labels, input_length, label_length])

    # clipping the norm helps it converge
    sgd = SGD(lr=0.01, decay=1e-6, momentum=0.0, nesterov=True, clipnorm=5)

    model = Model(inputs=[inp, labels, input_length, label_length], outputs=loss_out)

    # the real loss is the Lambda output, so the compiled loss passes it through
    model.compile(loss={'ctc': lambda y_true, y_pred: y_pred}, optimizer=sgd)

    if args.pre != '':
        model.load_weights(args.pre)

    fit_feed = PlateBatches(img_dir=args.ti,
                            label_file=args.tl,
                            batch_size=args.b,
                            img_size=args.img_size,
                            input_length=out_len,
                            num_channels=args.num_channels,
                            label_len=label_len)

    check_feed = PlateBatches(img_dir=args.vi,
                              label_file=args.vl,
                              batch_size=args.b,
                              img_size=args.img_size,
                              input_length=out_len,
                              num_channels=args.num_channels,
                              label_len=label_len)

    saver = ModelCheckpoint(args.c, period=1)
    cbs = [saver]

    if args.log != '':
        board = TensorBoard(log_dir=args.log, write_images=True)
        cbs.append(board)

    model.fit_generator(generator=fit_feed.get_data(),
                        steps_per_epoch=(fit_feed._count+fit_feed._batch_size-1) // fit_feed._batch_size,
                        epochs=args.n,
                        validation_data=check_feed.get_data(),
                        validation_steps=(check_feed._count+check_feed._batch_size-1) // check_feed._batch_size,
                        callbacks=cbs,
                        initial_epoch=args.start_epoch)

def export(args):
    """write the prediction network to an hdf5 file
    """
    inp, probs = make_net(None, args.num_channels)
    model = Model(inputs=inp, outputs=probs)
    model.save(args.m)
    print('model written to {}'.format(args.m))

def main ():
    ps = argparse.ArgumentParser()
    ps.add_argument('-num_channels', type=int, help='image channels', default=3)
    subparsers = ps.add_subparsers()

    # training arguments
    p_train = subparsers.add_parser('train', help='fit the model')
    p_train.add_argument('-ti', help='training image folder', required=True)
    p_train.add_argument('-tl', help='training label file', required=True)
    p_train.add_argument('-vi', help='validation image folder', required=True)
    p_train.add_argument('-vl', help='validation label file', required=True)
    p_train.add_argument('-b', type=int, help='batch size', required=True)
    p_train.add_argument('-img-size', type=int, nargs=2, help='image width and height', required=True)
    p_train.add_argument('-pre', help='weights to start from', default='')
    p_train.add_argument('-start-epoch', type=int, default=0)
    p_train.add_argument('-n', type=int, help='number of epochs', required=True)
    p_train.add_argument('-label-len', type=int, help='plate length', default=7)
    p_train.add_argument('-c', help='checkpoint name pattern', required=True)
    p_train.add_argument('-log', help='tensorboard folder, empty for none', default='')
    p_train.set_defaults(func=train)

    # export arguments
    p_export = subparsers.add_parser('export', help='write the model to hdf5')
    p_export.add_argument('-m', help='output file (.h5)', required=True)
    p_export.set_defaults(func=export)

    args = ps.parse_args()
    args.func(args)

if __name__ == '__main__':
    main()
