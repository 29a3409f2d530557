import tensorflow.keras as ke
import tensorflow as tf
import wandb
from wandb.keras import WandbCallback
import matplotlib.pyplot as plt
import matplotlib.gridspec as gridspec
import numpy as np

@tf.RegisterGradient("GuidedRelu")
def _guided_relu_grad(op, grad):
   fwd_gate = tf.cast(op.outputs[0] > 0., "float32") #forward activation positive
   bwd_gate = tf.cast(grad > 0., "float32") #incoming gradient positive
   return fwd_gate * bwd_gate * grad

class SmallConvNet:
  def __init__(self, inputDimensions, numOutputClasses, numConvBlocks, numDenseLayers, numFilters, filterSize, numNeuronsInDenseLayers, numFiltersScheme = 1, outputFunction = "softmax", defaultActivationFunction = "relu", activationFunctions = []):
    self.inputDimensions = inputDimensions
    self.numOutputClasses = numOutputClasses
    self.numConvBlocks = numConvBlocks
    self.numDenseLayers = numDenseLayers
    self.numFilters = numFilters
    self.numFiltersScheme = numFiltersScheme
    self.filterSize = filterSize
    self.numNeuronsInDenseLayers = numNeuronsInDenseLayers
    self.defaultActivationFunction = defaultActivationFunction
    self.activationFunctions = []
    self.filtersPerBlock = [numFilters]
    self.outputFunction = outputFunction
    self.model = None

  def assemble(self, dropout = 0.0, batchNormalization = False):
    while len(self.activationFunctions) < (self.numConvBlocks + self.numDenseLayers):
      self.activationFunctions.append(self.defaultActivationFunction)
    for i in range(1, self.numConvBlocks):
      width = max(1,int(self.filtersPerBlock[i-1]*self.numFiltersScheme))
      self.filtersPerBlock.append(width)
    self.model = ke.Sequential()
    # if self.numConvBlocks > 0:
    #   self.model.add(ke.layers.Conv2D(self.filtersPerBlock[0], self.filterSize, input_shape = self.inputDimensions, padding="same"))
    #   self.model.add(ke.layers.Activation(self.activationFunctions[0]))
    #   if batchNormalization:
    #     self.model.add(ke.layers.BatchNormalization())
    #   self.model.add(ke.layers.MaxPooling2D(pool_size=(2, 2)))
    for i in range(0,self.numConvBlocks):
    # for i in range(1,self.numConvBlocks):
      self.model.add(ke.layers.Conv2D(self.filtersPerBlock[i], self.filterSize, padding="same"))
      self.model.add(ke.layers.Activation(self.activationFunctions[i]))
      if batchNormalization:
        self.model.add(ke.layers.BatchNormalization())
      self.model.add(ke.layers.MaxPooling2D(pool_size=(2, 2)))
    self.model.add(ke.layers.Flatten())
    for i in range(self.numDenseLayers):
      self.model.add(ke.layers.Dropout(dropout))
      self.model.add(ke.layers.Dense(self.numNeuronsInDenseLayers, activation=self.activationFunctions[self.numConvBlocks + i]))
      if batchNormalization:
        self.model.add(ke.layers.BatchNormalization())
    self.model.add(ke.layers.Dense(self.numOutputClasses))
    self.model.add(ke.layers.Activation(self.outputFunction))

  def fitOn(self, trainX, trainY, validX, validY, numEpochs):
    savedAt = './best_model_acc'
    self.model = ke.models.load_model(savedAt, compile = True)
    bestAccPath = './best_model_acc'
    bestLossPath = './best_model_loss'
    keepAcc = ke.callbacks.ModelCheckpoint(bestAccPath, save_weights_only=False, monitor='val_categorical_accuracy', verbose=1, save_best_only=True, mode='max')
    keepLoss = ke.callbacks.ModelCheckpoint(bestLossPath, save_weights_only=False, monitor='val_loss', verbose=1, save_best_only=True, mode='min')
    cbs = [keepAcc, keepLoss]
    self.model.compile(
        optimizer=ke.optimizers.SGD(learning_rate=0.01),
        loss=ke.losses.CategoricalCrossentropy(),
        metrics=[ke.metrics.CategoricalAccuracy()],
    )
    self.model.fit(
        trainX,
        trainY,
        epochs = numEpochs,
        validation_data = (validX, validY),
        # callbacks=[WandbCallback()]
        callbacks=cbs
    )
    probs = (self.model.predict(validX))
    for i in range(len(probs)):
        print(f"Predicted - {probs[i]}, True - {validY[i]}")
    ke.models.save_model(self.model, savedAt)

  def scoreOn(self, testX, testY):
      savedAt = './best_model/best_model_acc'
      self.model = ke.models.load_model(savedAt, compile = True)
      scores = self.model.evaluate(testX, testY)
      print(scores)

  def generateGrads(self, inputs, labels, layerNo=0, neuNo = 0):
    savedAt = './best_model/best_model_acc'
    self.model = ke.models.load_model(savedAt, compile = True)
    inputs = tf.convert_to_tensor(inputs, dtype=tf.float32)
    loss = 0
    with tf.compat.v1.get_default_graph().gradient_override_map({'Relu': 'GuidedRelu'}):
      with tf.GradientTape() as tape:
          tape.watch(inputs)
          acts = self.layerOutput(inputs, layerNo)
          # kept = []
          # for k in range(acts.shape[3]):
          #   if k != neuNo:
          #     kept.append(np.zeros((1,acts.shape[1],acts.shape[2])))
          #   else:
          #     kept.append(acts[:, :, :, k])
          # acts = tf.convert_to_tensor(kept,dtype=tf.float32)
    grads = tape.gradient(acts, inputs)
    np.save(f"./guidedBackPropGrads_layer{layerNo}_neuron{neuNo}.npy",grads)

  def guidedBackProp(self, inputs, labels, genGrads = False, chosen = []):
    layerNo = 1   #the best model has a single conv block
    if chosen == [] or genGrads:
      chosen = []
      for i in range(10):
        neuNo = np.random.randint(32) #that block has 32 filters
        while neuNo in chosen:
          neuNo = np.random.randint(32)
        chosen.append(neuNo)
      self.modifyBackProp()
      for neuNo in chosen:
        self.generateGrads(inputs, labels, layerNo, neuNo)
    for i in range(5):
      fig, axs = plt.subplots(2, 2)
      for j in range(2):
        allGrads = np.load(f"./guidedBackPropGrads_layer{layerNo}_neuron{chosen[i]}.npy",allow_pickle=True)
        allGrads -= np.min(allGrads)
        allGrads /= np.max(allGrads)
        peaks = [np.max(-allGrads[k,:,:]) for k in range(allGrads.shape[0])]
        top = np.argmax(peaks)
        top = np.random.randint(999)
        grads = allGrads[top]
        gbImage = np.dstack((
                grads[:, :, 0],
                grads[:, :, 1],
                grads[:, :, 2],
            ))

        gbImage -= np.min(gbImage)
        gbImage /= np.max(gbImage)

        axs[j,0].set_title(f"Layer {layerNo}, Neuron {chosen[2*i+j]}")
        axs[j,0].imshow(inputs[top])
        axs[j,0].axis("off")
        axs[j,1].imshow(gbImage)
        axs[j,1].axis("off")
      wandb.log({f"guidedBackProp{i}":wandb.Image(plt)})
    

  def layerOutput(self, inputs, i=0):
    if i > len(self.model.layers):
        return None
    savedAt = './best_model/best_model_acc'
    self.model = ke.models.load_model(savedAt, compile = True)
    upto = ke.Model(self.model.inputs, self.model.layers[i].output)
    out = upto([inputs], training=False)
    return out

  def visualiseFilters(self, inputs, outputs):
    savedAt = './best_model/best_model_acc'
    self.model = ke.models.load_model(savedAt, compile = True)
    wandb.log({"inputImage":wandb.Image(inputs[0])})
    fig, axs = plt.subplots(8,4)
    col, row = 0, 0
    outputs = self.layerOutput(inputs)
    for i in range(32):
        fmap = outputs[...,i][0]
        axs[row,col].imshow(fmap)
        axs[row,col].axis("off")
        col += 1
        if col%4 == 0:
            row += 1
            col = 0
    plt.show()
    wandb.log({"filtersVisualisation":wandb.Image(plt)})

  def predictedClasses(self, inputs, outputs):
    savedAt = './best_model/best_model_acc'
    self.model = ke.models.load_model(savedAt, compile = True)

    fig = plt.figure(figsize=(10,8))
    outer = gridspec.GridSpec(10, 1, wspace=0.2, hspace=0.2)

    for i in range(10):
        inner = gridspec.GridSpecFromSubplotSpec(1,3,subplot_spec=outer[i], wspace=0.1, hspace=0.1)
        trueCls = np.argmax(outputs[i])
        probs = self.model.predict(inputs)[i]
        probs /= np.sum(probs) 
        predCls = np.argmax(probs) 
        probs = np.max(probs)
        ax = plt.Subplot(fig, inner[0])
        ax.imshow(inputs[i])
        fig.add_subplot(ax)
        ax = plt.Subplot(fig, inner[1])
        t = ax.text(0.5, 0.5, "trueClass=%d" % (trueCls))
        t.set_ha("center")
        ax.set_xticks([])
        ax.set_yticks([])
        fig.add_subplot(ax)
        ax = plt.Subplot(fig, inner[2])
        # t = ax.text(0.5, 0.5, "crossEntropy=%f" % (-1*trueCls*np.log(probs)))
        t = ax.text(0.5, 0.5, "predictedClass=%d" % (predCls))
        t.set_ha("center")
        ax.set_xticks([])
        ax.set_yticks([])
        fig.add_subplot(ax)

    wandb.log({"predictedClasses":wandb.Image(plt)})

  def modifyBackProp(self):
    g = tf.compat.v1.get_default_graph()
    with g.gradient_override_map({"Relu":"GuidedRelu"}):
      acted = [layer for layer in self.model.layers[1:] if hasattr(layer, "activation")]
      
      for layer in acted:
        if layer.activation == ke.activations.relu:
          layer.activation = tf.nn.relu
      
      savedAt = './best_model/best_model_acc'
      self.model = ke.models.load_model(savedAt, compile = True)
