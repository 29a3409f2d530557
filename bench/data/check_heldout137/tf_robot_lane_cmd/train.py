#!/usr/bin/python3.7

import image_load
import model
import os

def store_net(net):
	arch_text = net.to_json()
	arch_file = os.path.join("model", "architecture.json")
	with open(arch_file, 'w') as fh:
		fh.write(arch_text)

	w_file = os.path.join("model", "weights.h5")
	net.save_weights(w_file)

def run(folder="lane_images"):
	print("Reading frames...")
	frames, cmds = image_load.read_training(format_size=model.frame_wh, dir_name=folder, grayscale=False)
	
	feats = image_load.format_X(frames, model.frame_wh)
	targets = image_load.format_Y(cmds)

	print("Fitting...")
	driver = model.TinyDriver(in_shape=model.frame_wh + (3,))
	driver.fit(feats, targets)
	driver.summary()

	print("Writing...")
	store_net(driver)
	

run()