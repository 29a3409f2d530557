import os
import warnings

from tensorflow.keras.callbacks import EarlyStopping, ModelCheckpoint, TensorBoard, ReduceLROnPlateau, CSVLogger

os.chdir('/data/darkside_test')

warnings.filterwarnings('ignore')

name_training_dataset = "dark-side-train-data-part3"
name_test_dataset = "dark-side-test-data-part-3"

low_clip = 5
high_clip = 95

iou_level = .95
dice_level = .99

tensorboard_logs_name = './logs_' + name_training_dataset
csv_logger_name = 'training_log_unet_' + name_training_dataset + '.csv'

model_checkpoint = ModelCheckpoint('./model/best_unet_model.{loss:.2f}.h5.keras')
tensorboard = TensorBoard(log_dir= tensorboard_logs_name)
reduce_on_plateau = ReduceLROnPlateau(monitor= 'loss', patience= 5)
early_stopping = EarlyStopping(monitor= "loss", patience= 50, start_from_epoch= 50, min_delta= .01, verbose= 1)
csv_logger = CSVLogger(csv_logger_name, separator= ",", append= True)
