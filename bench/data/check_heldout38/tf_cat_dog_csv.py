import random
import numpy as np
import matplotlib.pyplot as plt
from keras.models import Sequential
from keras.layers import Conv2D, MaxPooling2D, Dense, Flatten

# read the pixel tables and their labels
train_X = np.loadtxt('input.csv', delimiter=",")
train_Y = np.loadtxt('labels.csv', delimiter=",")

test_X = np.loadtxt('input_test.csv', delimiter=',')
test_Y = np.loadtxt('labels_test.csv', delimiter=',')

train_X = train_X.reshape(len(train_X), 100, 100, 3)
train_Y = train_Y.reshape(len(train_Y), 1)

test_X = test_X.reshape(len(test_X), 100, 100, 3)
test_Y = test_Y.reshape(len(test_Y), 1)

train_X = train_X / 255.0
train_Y = train_Y / 255.0

# a look at the first rows:

# pick = random.randint(0, len(train_X))
# plt.imshow(train_X[pick, :])
# plt.show()

# two conv blocks then a small dense head
net_model = Sequential ([
    Conv2D(32, (3,3), activation =  'relu', input_shape = (100, 100, 3)),
    MaxPooling2D((2,2)),

    Conv2D(32, (3,3), activation = 'relu'),
    MaxPooling2D((2,2)), 

    Flatten(),
    Dense(64, activation = 'relu'),
    Dense(1, activation = 'sigmoid')
])

# binary objective with Adam
net_model.compile(loss = 'binary_crossentropy', optimizer = 'adam', metrics = ['accuracy'])

net_model.fit(train_X, train_Y, epochs = 5, batch_size = 64)

net_model.evaluate(test_X, test_Y)

# try one random test picture
pick2 = random.randint(0, len(test_Y))
plt.imshow(test_Y[pick2, :])
plt.show()


label_pred = net_model.predict(test_X[pick2, :].reshape(1, 100, 100, 3))
label_pred = label_pred > 0.5

if(label_pred == 0):
    guess = 'dog'
else:
    guess = 'cat'
    
print("The network thinks this picture shows a:", guess)
