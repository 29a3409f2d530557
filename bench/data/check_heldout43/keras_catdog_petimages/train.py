RUN_TAG = "pets-cnn-v1"     # run name for the logs

# read back the arrays written by prepare.py
feats = pickle.load(open("x.pickle", "rb"))
targets = pickle.load(open("y.pickle", "rb"))

feats = feats/255.0

net = Sequential()

net.add(Conv2D(64, (3,3), input_shape = feats.shape[1:]))
net.add(Activation("relu"))
net.add(MaxPooling2D(pool_size = (2,2)))
net.add(Conv2D(64, (3,3)))
net.add(Activation("relu"))
net.add(MaxPooling2D(pool_size = (2,2)))

net.add(Flatten())
net.add(Dense(64))
net.add(Activation("relu"))

net.add(Dense(1))
net.add(Activation("sigmoid"))

board = TensorBoard(log_dir="logs/{}".format(RUN_TAG))

net.compile(loss='binary_crossentropy',
              optimizer='adam',
              metrics=['accuracy'])

net.fit(feats, targets, batch_size=64, epochs=3, validation_split=0.3)

# keep the trained net
net.save('pets-64x3.model')
