import os
import glob
import trimesh
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers
from matplotlib import pyplot as plt
import pdb
from arcgis.gis import GIS


tf.random.set_seed(1234)

# ROOT = "/home/me/datasets/ModelNet10"

ROOT = tf.keras.utils.get_file(
    "modelnet.zip",
    "http://3dvision.princeton.edu/projects/2014/3DShapeNets/ModelNet10.zip",
    extract=True,
)
ROOT = os.path.join(os.path.dirname(ROOT), "ModelNet10")

sample_mesh = trimesh.load(os.path.join(ROOT, "chair/train/chair_0001.off"))
# sample_mesh.show()


cloud = sample_mesh.sample(2048)

figure = plt.figure(figsize=(5, 5))
axis = figure.add_subplot(111, projection="3d")
axis.scatter(cloud[:, 0], cloud[:, 1], cloud[:, 2])
axis.set_axis_off()
# plt.show()



def read_modelnet(n_pts = 2048):
    tr_clouds = []
    tr_y = []
    te_clouds = []
    te_y = []
    id_to_name = {}
    class_dirs = glob.glob(os.path.join(ROOT, "[!README]*"))


    for i, cdir in enumerate(class_dirs):
        print("reading class {}".format(os.path.basename(cdir)))
        # remember which folder each class id came from
        id_to_name[i] = cdir.split("/")[-1]
        # list the mesh files of both splits
        tr_paths = glob.glob(os.path.join(cdir, "train/*"))
        te_paths = glob.glob(os.path.join(cdir, "test/*"))

        for f in tr_paths:
            tr_clouds.append(trimesh.load(f).sample(n_pts))
            tr_y.append(i)

        for f in te_paths:
            te_clouds.append(trimesh.load(f).sample(n_pts))
            te_y.append(i)

    return (
        np.array(tr_clouds),
        np.array(te_clouds),
        np.array(tr_y),
        np.array(te_y),
        id_to_name
    )

n_pts = 2048
n_cls = 10
bs = 32

tr_clouds , te_clouds, tr_y, te_y, id_to_name = read_modelnet(n_pts)


def perturb(cloud, y):
    # small random offsets
    cloud += tf.random.uniform(cloud.shape, -0.005, 0.005, dtype = tf.float64)
    # permute the point order
    cloud += tf.random.shuffle(cloud)
    return cloud, y


tr_ds = tf.data.Dataset.from_tensor_slices((tr_clouds, tr_y))
te_ds = tf.data.Dataset.from_tensor_slices((te_clouds, te_y))

tr_ds = tr_ds.shuffle(len(tr_clouds)).map(perturb).batch(bs)
te_ds = te_ds.shuffle(len(te_clouds)).batch(bs)

# network definition

def conv_block(x, width):
    x = layers.Conv1D(width, kernel_size = 1, padding="valid")(x)
    x = layers.BatchNormalization(momentum= 0.0)(x)
    return layers.Activation("relu")(x)

def fc_block(x, width):
    x = layers.Dense(width)(x)
    x = layers.BatchNormalization(momentum = 0.0)(x)
    return layers.Activation("relu")(x)


class OrthoPenalty(keras.regularizers.Regularizer):
    def __init__(self, dim, weight=0.001):
        self.num_features= dim
        self.l2reg = weight
        self.eye = tf.eye(dim)

    def __call__(self, x):
        x = tf.reshape(x, (-1, self.num_features, self.num_features))
        gram = tf.tensordot(x, x, axes=(2, 2))
        gram = tf.reshape(gram, (-1, self.num_features, self.num_features))
        return tf.reduce_sum(self.l2reg * tf.square(gram - self.eye))



def transform_net(inp, dim):
    # start the transform at identity
    init_bias = keras.initializers.Constant(np.eye(dim).flatten())
    penalty = OrthoPenalty(dim)
    x = conv_block(inp, 32)
    x = conv_block(x, 64)
    x = conv_block(x, 512)
    x = layers.GlobalMaxPooling1D()(x)
    x = fc_block(x, 256)
    x = fc_block(x, 128)
    x = layers.Dense(
        dim * dim,
        kernel_initializer = "zeros",
        bias_initializer= init_bias,
        activity_regularizer=penalty,
    )(x)
    mat = layers.Reshape((dim, dim))(x)
    # multiply features by the learned matrix
    return layers.Dot(axes=(2, 1))([inp, mat])


inp = keras.Input(shape=(n_pts, 3))


x = transform_net(inp, 3)
x = conv_block(x, 32)
x = conv_block(x, 32)
x = transform_net(x, 32)
x = conv_block(x, 32)
x = conv_block(x, 64)
x = conv_block(x, 512)
x = layers.GlobalMaxPooling1D()(x)
x = fc_block(x, 256)
x = layers.Dropout(0.3)(x)
x = fc_block(x, 128)
x = layers.Dropout(0.3)(x)


out = layers.Dense(n_cls, activation="softmax")(x)

net = keras.Model(inputs = inp, outputs = out, name="pointnet_small")
net.summary()


net.compile(
    loss="sparse_categorical_crossentropy",
    optimizer = keras.optimizers.Adam(learning_rate= 0.001),
    metrics =["sparse_categorical_accuracy"],
)

net.fit(tr_ds, epochs=1, validation_data =te_ds)

# look at a few predictions
one_batch = te_ds.take(1)

cloud, ys = list(one_batch)[0]

# predict one batch
guess = net.predict(cloud)
guess = tf.math.argmax(guess, -1)

cloud = cloud.numpy()

# draw each cloud with its predicted name
figure = plt.figure(figsize=(15, 10))
for i in range(8):
    axis = figure.add_subplot(2, 4, i + 1, projection="3d")
    axis.scatter(cloud[i, :, 0], cloud[i, :, 1], cloud[i, :, 2])
    axis.set_title(
        "guess {:} / truth {:}".format(
            id_to_name[guess[i].numpy()], id_to_name
        )
    )
    axis.set_axis_off()
plt.show()