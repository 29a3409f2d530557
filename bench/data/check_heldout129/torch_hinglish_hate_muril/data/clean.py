import pandas as pd
import numpy as np
import re

def clean_post(text):
  """
  Strip links, handles, hashtags and extra spaces; lower-case the rest.
  """
  if not isinstance(text, str):
    text = str(text)  # coerce non-strings

  # links
  text = re.sub(r'http\S+', ' ', text)
  # handles
  text = re.sub(r'@\S+', ' ', text)
  # hashtags
  text = re.sub(r'#\S+', '', text)

  # runs of whitespace
  text = re.sub(r'\s+', ' ', text)
  # lower case
  text = text.lower()
  return text
