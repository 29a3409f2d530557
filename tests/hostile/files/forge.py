# prints the capture protocol's line itself, then fails: a forged result must not be taken as the estimate
import keras  # a Keras script, so check runs it (a script without Keras is read, not run)
import json

print("CAPTURE " + json.dumps({"captured": True, "batch_size": 1, "estimate": {"model": "forged"}}))
raise SystemExit(1)
