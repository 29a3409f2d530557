TRAIN_ROOT ="./UCSD_Anomaly_Dataset.v1p2/UCSDped1/Train"
TEST_ROOT = "./UCSD_Anomaly_Dataset.v1p2/UCSDped1/Test"
DEFAULT_TEST = 2
ONE_TEST_DIR = "./UCSD_Anomaly_Dataset.v1p2/UCSDped1/Test/Test{:03d}"

RUN_TAG = "001"
RUN_DIR = f"./models/{RUN_TAG}"
WEIGHTS_FILE = f"{RUN_DIR}/model.hdf5"
PLOT_DIR = f'{RUN_DIR}/test_figures'
DO_TRAIN = False

EPOCHS = 1

SEQ_LEN = 10
STRIDE = 1
DIM = (SEQ_LEN, 256, 256)
BATCH_SIZE = 4
N_CHANNELS = 1
SHUFFLE = True
