from .folders import DATA_DIR

TRAIN_CSV = "{}training.1600000.processed.noemoticon.csv".format(
    DATA_DIR)
TEST_CSV = "{}testdata.manual.2009.06.14.csv".format(DATA_DIR)

X_TRAIN_NPY = "{}x_train.npy".format(DATA_DIR)
Y_TRAIN_NPY = "{}y_train.npy".format(DATA_DIR)

X_TEST_NPY = "{}x_test.npy".format(DATA_DIR)
Y_TEST_NPY = "{}y_test.npy".format(DATA_DIR)
