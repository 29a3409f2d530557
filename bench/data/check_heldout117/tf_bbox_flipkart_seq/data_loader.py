import pandas, logging, imageio, math
import tensorflow as tf
from sklearn import preprocessing
import numpy as np
from skimage.transform import rescale	
from hyperparams import Settings

#logging setup
LOG_FMT = "[%(filename)s: %(lineno)3s] %(levelname)s: %(message)s"
logging.basicConfig(level=logging.INFO, format=LOG_FMT)
log = logging.getLogger(__name__)

P = Settings()
def chroma_norm(a) :
    c0 = a[:,:,0]
    c1 = a[:,:,1]
    c2 = a[:,:,2]
    tot = c0+c1+c2
    a[:,:,0] = c0/tot*255
    a[:,:,1] = c1/tot*255
    a[:,:,2] = c2/tot*255
    return a

class FitBatches(tf.keras.utils.Sequence):

	def __init__(self, batch_size, num_train):
		self.num_train = num_train
		self.batch_size = batch_size
		self.table = pandas.read_csv("../training_set.csv")
		self.boxes = np.transpose(np.vstack((self.table["x1"], self.table["x2"], 
			self.table["y1"], self.table["y2"])))[:num_train]
		log.info("Fit boxes read, shape : {}".format(self.boxes.shape))

	def __len__(self):
		return self.boxes.shape[0] // self.batch_size

	def __getitem__(self, i):
		
		xb = np.array([rescale(imageio.imread("../train_images/{}.png".format(j)), scale=P.img_scale_factor, 
			mode='constant') 
			for j in range(i*self.batch_size, (i+1)*self.batch_size)])
		
		yb = self.boxes[i * self.batch_size:(i + 1) * self.batch_size]
		
		#corners -> origin plus width/height
		yb[:, 1] = yb[:, 1] - yb[:, 0]
		yb[:, 3] = yb[:, 3] - yb[:, 2]
		yb[:, 0],yb[:, 1],yb[:, 2],yb[:, 3] = yb[:, 0],yb[:, 2],yb[:, 1],yb[:, 3]

		# yb[:, 1],yb[:, 2],yb[:, 3],yb[:, 4] = yb[:, 1],yb[:, 3],yb[:, 2],yb[:, 4]
		# yb[:, 0] = yb[:, 0] / 640
		# yb[:, 1] = yb[:, 1] / 640
		# yb[:, 2] = yb[:, 2] / 480
		# yb[:, 3] = yb[:, 3] / 480
		# yb[:, 0] = yb[:, 0] *0.4
		# yb[:, 1] = yb[:, 1] *0.4
		# yb[:, 2] = yb[:, 2] *0.4
		# yb[:, 3] = yb[:, 3] *0.4

		log.info("Fit batch {} ready: x {} y {}".format(i, xb.shape, yb.shape))
		# yb = preprocessing.MinMaxScaler().fit_transform(yb)
		return xb/255, yb

class HoldBatches(tf.keras.utils.Sequence):

	def __init__(self, batch_size, num_train):
		self.num_train = num_train
		self.batch_size = batch_size
		self.table = pandas.read_csv("../training_set.csv")
		self.boxes = np.transpose(np.vstack((self.table["x1"], self.table["x2"], 
			self.table["y1"], self.table["y2"])))[:num_train]
		log.info("Holdout boxes read, shape : {}".format(self.boxes.shape))

	def __len__(self):
		return self.boxes.shape[0] // self.batch_size

	def __getitem__(self, i):

		xb = np.array([rescale(imageio.imread("../train_images/{}.png".format(j+self.num_train)), scale=P.img_scale_factor, 
			mode='constant') 
			for j in range(i*self.batch_size, (i+1)*self.batch_size)])

		yb = self.boxes[i * self.batch_size:(i + 1) * self.batch_size]
		
		#corners -> origin plus width/height
		yb[:, 1] = yb[:, 1] - yb[:, 0]
		yb[:, 3] = yb[:, 3] - yb[:, 2]
		# yb[:, 0] = yb[:, 0] / 640
		# yb[:, 1] = yb[:, 1] / 640
		# yb[:, 2] = yb[:, 2] / 480
		# yb[:, 3] = yb[:, 3] / 480
		yb[:, 0],yb[:, 1],yb[:, 2],yb[:, 3] = yb[:, 0],yb[:, 2],yb[:, 1],yb[:, 3]

		log.info("Holdout batch {} ready: x {} y {}".format(i, xb.shape, yb.shape))
		# yb = preprocessing.MinMaxScaler().fit_transform(yb)
		# print(yb)
		return xb/255, yb
class TestBatches(tf.keras.utils.Sequence):

	def __init__(self, batch_size):
		self.batch_size = batch_size
		self.table = pandas.read_csv("../test_set.csv")
		log.info("Test table read")
		self.n_batches = self.table["image_name"].shape[0] // self.batch_size

	def __len__(self):
		return self.n_batches

	def __getitem__(self, i):

		xb = np.array([rescale(imageio.imread("../test_images/{}.png".format(j)), scale=P.img_scale_factor, 
			mode='constant') 
			for j in range(i*self.batch_size, min((i+1)*self.batch_size , self.table.shape[0]))])
		return xb/255
