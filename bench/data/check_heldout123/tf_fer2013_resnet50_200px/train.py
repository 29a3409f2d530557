from keras.callbacks import ModelCheckpoint
from keras import metrics
import numpy as np
from expression_data import ExpressionData, ExpressionNet
import os
import argparse

if __name__ == "__main__":
	cli = argparse.ArgumentParser()
	cli.add_argument("--model_weights", default=None, help="weights to start from")
	cli.add_argument("--save_prefix", default="resnet50", help="prefix of the files written at the end")

	opts = vars(cli.parse_args())
	ds, wrapper = ExpressionData(resize=200), ExpressionNet(restore=opts["model_weights"], use_log=True, image_size=200)
	net = wrapper.model

	net.compile(optimizer="sgd", loss="categorical_crossentropy",
		metrics=[metrics.categorical_accuracy])
	ckpt = ModelCheckpoint(filepath="resnet50.ckpt", verbose=1, save_best_only=True)


	net.fit(ds.train_data, ds.train_labels,
		batch_size = 50,
		validation_data = (ds.validation_data, ds.validation_labels),
		epochs = 30,
		shuffle = True,
		callbacks = [ckpt])

	spec = net.to_json()
	spec_path = "{}_model.json".format(opts["save_prefix"])
	with open(spec_path, "w") as fh:
		fh.write(spec)
	print("model spec written to {}".format(spec_path))

	weights_path = "{}_weights.h5".format(opts["save_prefix"])
	net.save_weights(weights_path)
	print("weights written to {}".format(weights_path))