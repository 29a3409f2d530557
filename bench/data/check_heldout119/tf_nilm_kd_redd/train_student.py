import matplotlib.pyplot as plt
import os
import logging    # results go to a log file
from keras.callbacks import ModelCheckpoint,EarlyStopping

os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'
os.environ["CUDA_VISIBLE_DEVICES"] = "1"

from Metrics import *
from Model import create_model
import warnings
warnings.filterwarnings("ignore")

from load_data import read_arrays
from distiller import MentorPupil
from keras.models import load_model
import argparse



def strip_blanks(s):
    return s.replace(" ","")

def parse_cli():
    ap = argparse.ArgumentParser(description='window length 50 / 100 / 200')

    ap.add_argument('--appliance',
                    type=strip_blanks,
                    default='washingmachine',
                    help="target appliance")
    ap.add_argument('--model',
                    type=strip_blanks,
                    default='/data/nilm/mentor/washingmachineSGRU50.h5',
                    help="trained mentor network")
    ap.add_argument('--name_log',
                    type=strip_blanks,
                    default='fridge',
                    help='log file stem')
    ap.add_argument('--log_path',
                    type=strip_blanks,
                    default='',
                    help='log folder')
    ap.add_argument('--dataset_savepath',
                    type=strip_blanks,
                    default='/data/nilm/windows/',
                    help="folder with the window arrays")
    ap.add_argument('--image',
                    type=strip_blanks,
                    default='/data/nilm/windows/',
                    help="folder for the plot")

    return ap.parse_args()


opts = parse_cli()

win =200
log_path=opts.log_path+"/"+opts.name_log+".log"
logging.basicConfig(filename=log_path, filemode='w', format='%(name)s - %(levelname)s - %(message)s')

x_tr,y_tr,x_te,y_te, aggregate = read_arrays(root=opts.dataset_savepath,device_name=opts.appliance)



pupil = create_model(200,"STUDENT")

mentor =  load_model(opts.model)

kd = MentorPupil(student = pupil, teacher = mentor)
kd.compile(optimizer="adam", loss_fn="mse", metrics=["acc"],alpha=0.8)

kd.fit(x_tr, y_tr, epochs=5,batch_size=100, validation_data=(x_te,y_te))

pupil = kd.student
pred= pupil.predict(x_te)

SCALE_X = 2000
SCALE_Y = 200


acc = get_accuracy(pred.reshape(-1)*SCALE_Y, y_te*SCALE_Y, 50)
sae = get_sae(pred.reshape(-1)*SCALE_Y, y_te*SCALE_Y)
mae = get_mae(pred.reshape(-1)*SCALE_Y, y_te*SCALE_Y)
nde = get_nde(y_te*SCALE_Y,pred.reshape(-1)*SCALE_Y)

logging.warning("== accuracy: {}".format(acc))
logging.warning("== total energy error (SAE): {}".format(sae))
logging.warning("== mean absolute error: {}".format(mae))
logging.warning("== normalised disaggregation error: {}".format(nde))
plt.rcParams["figure.figsize"] = [21,9]


if opts.appliance =="fridge":
    lo = 227000
    hi = 231000
if opts.appliance =="washingmachine":
    lo = 118000
    hi = 120000
if opts.appliance == "microwave":
    lo = 8000
    hi = 10000
if opts.appliance == "dishwasher":
    lo = 8000
    hi = 14000


shift = int(win /2)
plt.plot((aggregate)[lo+shift:hi+shift], color = 'C2', alpha = 0.6, label = 'aggregate')
plt.plot((pred.reshape(-1)*SCALE_Y)[lo:hi], color = 'C0', alpha = 0.6, label = 'pupil estimate')
plt.plot((y_te*SCALE_Y)[lo:hi], color = 'C3', alpha = 0.6, label = 'ground truth')
plt.title(opts.appliance+ " pupil network")
plt.legend()

plt.savefig(opts.image+opts.appliance+"student.png")
