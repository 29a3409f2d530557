from pairkit.embed_net import make_embedding_tower
from pairkit import losses
from pairkit import settings
from pairkit import helpers
from tensorflow.keras.models import Model
from tensorflow.keras.layers import Dense
from tensorflow.keras.layers import Input
from tensorflow.keras.layers import Lambda
from tensorflow.keras.datasets import mnist
import numpy as np

print("[stage] fetching the digit images...")
(digitsTr, classesTr), (digitsTe, classesTe) = mnist.load_data()
digitsTr = digitsTr / 255.0
digitsTe = digitsTe / 255.0
digitsTr = np.expand_dims(digitsTr, axis=-1)
digitsTe = np.expand_dims(digitsTe, axis=-1)
print("[stage] assembling matching and non-matching couples...")
(couplesTr, sameTr) = helpers.build_couples(digitsTr, classesTr)
(couplesTe, sameTe) = helpers.build_couples(digitsTe, classesTe)
print("[stage] wiring the twin network...")
leftIn = Input(shape=settings.SHAPE)
rightIn = Input(shape=settings.SHAPE)
tower = make_embedding_tower(settings.SHAPE)
leftEmb = tower(leftIn)
rightEmb = tower(rightIn)
gap = Lambda(helpers.pair_distance)([leftEmb, rightEmb])
net = Model(inputs=[leftIn, rightIn], outputs=gap)
print("[stage] compiling...")
net.compile(loss=losses.margin_contrastive, optimizer="adam")
print("[stage] fitting...")
record = net.fit(
	[couplesTr[:, 0], couplesTr[:, 1]], sameTr[:],
	validation_data=([couplesTe[:, 0], couplesTe[:, 1]], sameTe[:]),
	batch_size=settings.BATCH,
	epochs=settings.N_EPOCHS)
print("[stage] writing the twin model...")
net.save(settings.SAVE_TO)
print("[stage] drawing the curves...")
helpers.draw_history(record, settings.CURVE_TO)
