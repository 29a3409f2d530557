from tensorflow.keras.models import Model
from tensorflow.keras.layers import Input
from tensorflow.keras.layers import Conv2D
from tensorflow.keras.layers import Dense
from tensorflow.keras.layers import Dropout
from tensorflow.keras.layers import GlobalAveragePooling2D
from tensorflow.keras.layers import MaxPooling2D
def make_embedding_tower(shapeIn, outDim=48):
	src = Input(shapeIn)
	h = Conv2D(64, (2, 2), padding="same", activation="relu")(src)
	h = MaxPooling2D(pool_size=(2, 2))(h)
	h = Dropout(0.3)(h)
	h = Conv2D(64, (2, 2), padding="same", activation="relu")(h)
	h = MaxPooling2D(pool_size=2)(h)
	h = Dropout(0.3)(h)
	pooled = GlobalAveragePooling2D()(h)
	emb = Dense(outDim)(pooled)
	tower = Model(src, emb)
	return tower
