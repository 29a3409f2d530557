import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from keras.models import Sequential
from keras.layers import Dense, Dropout, Flatten, BatchNormalization, MaxPooling2D
from keras.layers.convolutional import Conv2D
from keras.utils import normalize, np_utils, multi_gpu_model
from keras.callbacks import TensorBoard, EarlyStopping
from sklearn.model_selection import train_test_split
from sklearn.metrics import precision_score, recall_score, f1_score, cohen_kappa_score
from sklearn.utils import class_weight
from skll.metrics import kappa

np.random.seed(1337)

def build_and_fit_model(train_X, train_y, class_w, n_filters, n_ch, gpu_count, n_grades, kernel_hw, batch_len, epoch_num):

    print("inputs", train_X.shape, "\ntargets", train_y.shape, "\nfilters", n_filters)
    print("channels", n_ch, "\ngpus", gpu_count, "\nkernel", kernel_hw)
    print("batch", batch_len, "\nepochs", epoch_num, "class weights", class_w)

    dr_model = Sequential()
    dr_model.add(Conv2D(n_filters, (kernel_hw[0], kernel_hw[1]), padding = 'valid', strides = 1,
                        input_shape = (img_h, img_w, n_ch),
                        activation = 'relu'))

    dr_model.add(Conv2D(n_filters, (kernel_hw[0], kernel_hw[1]), activation = 'relu'))

    dr_model.add(Conv2D(n_filters, (kernel_hw[0], kernel_hw[1]), activation = 'relu'))
    dr_model.add(MaxPooling2D(pool_size = (2, 2)))

    dr_model.add(Flatten())
    #print('flattened size:', dr_model.output_shape)

    dr_model.add(Dense(128, activation = 'relu'))
    dr_model.add(Dropout(0.25))

    dr_model.add(Dense(n_grades, activation = 'softmax'))

    #dr_model = multi_gpu_model(dr_model, gpus=gpu_count)

    dr_model.summary()
    dr_model.compile(loss = 'categorical_crossentropy', optimizer = 'adam',
                        metrics = ['accuracy'])

    early_stop = EarlyStopping(monitor="val_acc", min_delta=0.001, patience=2, verbose=0,
                         mode="auto")
    tb_cb = TensorBoard(log_dir='tensorboard_logs/', histogram_freq = 0,
                                write_graph = True, write_images = True)

    dr_model.fit(train_X, train_y, batch_size = batch_len,
                   epochs = epoch_num,
                   verbose = 1,
                   validation_split = 0.2,
                   class_weight = 'auto',
                   callbacks = [early_stop, tb_cb])

    return dr_model


def save_if_good(dr_model, eval_scores, model_tag):
    if eval_scores >= 0.75:
        print('recall high enough, saving')
        dr_model.save('saved_model/' + model_tag + '_recall_' + str(round(eval_scores, 4)) + '.h5')
    else:
        print("recall too low, not saved:", eval_scores)


if __name__ == '__main__':

    img_h, img_w = 256, 256
    n_ch = 3
    n_grades = 5

    n_filters = 32
    kernel_hw = (8, 8)
    #kernel_hw = (4, 4)
    gpu_count = 2
    epoch_num = 30
    #epoch_num = 50
    batch_len = 512

    # inputs and grades
    labels_df = pd.read_csv("/Users/tirth/Documents/Diabetic Retinopathy/Model/sample.csv")
    X_all = np.load("/Users/tirth/Documents/Diabetic Retinopathy/Model/sample.npy")
    y_all = np.array(labels_df['level'])

    # weights for the unbalanced grades
    class_w = class_weight.compute_class_weight('balanced', np.unique(y_all), y_all)

    # hold-out split
    train_X, test_X, train_y, test_y = train_test_split(X_all, y_all, test_size = 0.2, random_state = 42)
    #print(train_X.shape, test_X.shape, train_y, test_y)

    # to NHWC
    train_X = train_X.reshape(train_X.shape[0], img_h, img_w, n_ch)
    test_X = test_X.reshape(test_X.shape[0], img_h, img_w, n_ch)
    print("train inputs:", train_X.shape)
    print("test inputs:", test_X.shape)

    # scale to 0..1
    train_X = train_X.astype('float32')
    train_X /= 255

    test_X = test_X.astype('float32')
    test_X /=255

    train_y = np_utils.to_categorical(train_y, n_grades)
    test_y = np_utils.to_categorical(test_y, n_grades)
    print("train targets:", train_y.shape)
    print("test targets:", test_y.shape)

    # fit
    dr_model = build_and_fit_model(train_X = train_X, train_y = train_y, kernel_hw = kernel_hw,
                    n_filters = n_filters, n_ch = n_ch, epoch_num = epoch_num,
                    batch_len = batch_len, n_grades = n_grades, gpu_count = gpu_count,
                    class_w = class_w)

    # class scores on the test part
    pred_y = dr_model.predict(test_X)

    # loss and accuracy on the test part
    eval_scores = dr_model.evaluate(test_X, test_y, verbose = 0)
    print("test loss:", eval_scores[0])
    print("test accuracy:", eval_scores[1])

    test_y = np.argmax(test_y, axis = 1)
    pred_y = np.argmax(pred_y, axis = 1)

    # per-class scores, 1 best, 0 worst
    prec = precision_score(test_y, pred_y)
    rec = recall_score(test_y, pred_y)

    print("precision:", prec)
    print("recall:", rec)

    prec = precision_score(test_y, pred_y, average = 'micro')
    rec_micro = recall_score(test_y, pred_y, average = 'micro')
    f1_micro = f1_score(test_y, pred_y, average = 'micro')
    # agreement between prediction and grader, chance-corrected
    ck = cohen_kappa_score(test_y, pred_y)
    qwk = kappa(test_y, pred_y, weights='quadratic')

    print("---- micro averages and kappas ----")
    print("precision:", prec)
    print("recall:", rec_micro)
    print("F1:", f1_micro)
    print("Cohen kappa:", ck)
    print("quadratic kappa:", qwk)

    save_if_good(dr_model = dr_model, eval_scores = rec, model_tag = "DR_Class")
    print("done")
