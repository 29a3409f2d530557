# %%
from spektral.datasets import citation

adj, feats, onehot, tr_mask, va_mask, te_mask = citation.load_data("cora")

n_nodes = adj.shape[0]
n_feats = feats.shape[-1]
n_labels = onehot.shape[-1]

# %%
feats[1, 2]
# %%
from spektral.layers import GraphConv
from tensorflow.keras.models import Model
from tensorflow.keras.layers import Input, Dropout


# %%
feat_in = Input(shape=(n_feats,))
adj_in = Input((n_nodes,), sparse=True)

hidden = GraphConv(16, "relu")([feat_in, adj_in])
hidden = Dropout(0.5)(hidden)
probs = GraphConv(n_labels, "softmax")([hidden, adj_in])

gcn = Model(inputs=[feat_in, adj_in], outputs=probs)


# %%
adj = GraphConv.preprocess(adj).astype("f4")


# %%
gcn.compile(
    optimizer="adam", loss="categorical_crossentropy", weighted_metrics=["acc"]
)
gcn.summary()


# %%
# inputs for the single full-graph batch
feats = feats.toarray()
adj = adj.astype("f4")
val_pack = ([feats, adj], onehot, va_mask)

# one batch = the whole graph
gcn.fit(
    [feats, adj],
    onehot,
    sample_weight=tr_mask,
    validation_data=val_pack,
    batch_size=n_nodes,
    shuffle=False,
)


# %%
# score the test nodes
scores = gcn.evaluate([feats, adj], onehot, sample_weight=te_mask, batch_size=n_nodes)
print("finished.\n" "test loss: {}\n" "test acc: {}".format(*scores))
